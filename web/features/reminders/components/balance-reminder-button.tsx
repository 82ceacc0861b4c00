import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { reminderMessages } from '#domain/reminder-texts.ts';
import { ReminderButton } from './reminder-button.tsx';
import type { ButtonProps } from '#web/components/ui/button.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useSendBalanceReminder } from '../api/send-balance-reminder.ts';

type BalanceReminderButtonProps = {
  friend: { id: string; name: string };
  availableAt: string | null;
  className?: string;
  size?: ButtonProps['size'];
};

/** The creditor's 'Send Reminder' on a balance line: one reminder about the net, counted for each bet in it. */
export function BalanceReminderButton({ friend, availableAt, className, size }: BalanceReminderButtonProps) {
  const queryClient = useQueryClient();
  // The server's answer, shown until the re-read balance brings the same time.
  const [answeredAt, setAnsweredAt] = useState<string | null>(null);
  const send = useSendBalanceReminder(
    {
      onSuccess: () =>
        toast.success(reminderMessages.toastTitle, {
          description: reminderMessages.toastDescription(friend.name),
        }),
      onError: (error) => toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') }),
    },
    { showAnswer: ({ reminder }) => setAnsweredAt(reminder.availableAt) },
  );
  const shownAt = availableAt ?? answeredAt;
  return (
    <ReminderButton
      className={className}
      size={size}
      aria-label={
        shownAt === null
          ? `${reminderMessages.send} to ${friend.name}`
          : `${reminderMessages.sent} to ${friend.name}`
      }
      availableAt={shownAt}
      isBusy={send.isPending}
      onSend={() => send.mutate(friend.id)}
      onAvailable={() => {
        setAnsweredAt(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.balances });
      }}
    />
  );
}
