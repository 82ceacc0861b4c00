import { BellRing, Check, LoaderCircle } from 'lucide-react';
import { reminderMessages } from '#domain/reminder-texts.ts';
import { useRefreshAt } from '#web/hooks/use-refresh-at.ts';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';

type ReminderButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'disabled'> & {
  /** The server's word (domain/reminders.ts): null, a reminder may go now; else when the next may go. */
  availableAt: string | null;
  isBusy: boolean;
  onSend: () => void;
  /** The time has come: ask the server again (it alone decides). */
  onAvailable: () => void;
};

/**
 * 'Send Reminder', or 'Reminder sent' (disabled) until the server allows the
 * next one. The label stays put while busy, so tests and eyes find it by name.
 */
export function ReminderButton({
  availableAt,
  isBusy,
  onSend,
  onAvailable,
  variant = 'outline',
  size = 'sm',
  ...props
}: ReminderButtonProps) {
  useRefreshAt(availableAt, onAvailable);
  const isSent = availableAt !== null;
  return (
    <Button
      variant={variant}
      size={size}
      disabled={isSent || isBusy}
      aria-busy={isBusy || undefined}
      onClick={onSend}
      {...props}
    >
      {isBusy ? (
        <LoaderCircle className="animate-spin" aria-hidden />
      ) : isSent ? (
        <Check aria-hidden />
      ) : (
        <BellRing aria-hidden />
      )}
      {isSent ? reminderMessages.sent : reminderMessages.send}
    </Button>
  );
}
