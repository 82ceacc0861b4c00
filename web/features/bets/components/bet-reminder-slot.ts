import { createContext, type ReactNode } from 'react';

export type BetReminderProps = { betId: string; loserName: string; availableAt: string | null };

/**
 * The winner's 'Send Reminder' on an unpaid bet. It belongs to web/features/reminders; features do not import
 * each other, so the route fills this slot (web/app/routes) and the card renders whatever it was given.
 */
export const BetReminderSlot = createContext<((props: BetReminderProps) => ReactNode) | null>(null);
