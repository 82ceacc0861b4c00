import { createContext, type ReactNode } from 'react';
import type { ButtonProps } from '#web/components/ui/button.tsx';

export type BalanceReminderProps = {
  friend: { id: string; name: string };
  availableAt: string | null;
  className?: string;
  size?: ButtonProps['size'];
};

/**
 * The creditor's 'Send Reminder' on a balance. It belongs to web/features/reminders; features do not import
 * each other, so the route fills this slot (web/app) and the balance renders whatever it was given.
 */
export const BalanceReminderSlot = createContext<((props: BalanceReminderProps) => ReactNode) | null>(null);
