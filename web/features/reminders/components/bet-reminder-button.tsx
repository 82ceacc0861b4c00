import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { reminderMessages } from '#domain/reminder-texts.ts';
import { ReminderButton } from './reminder-button.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useSendBetReminder } from '../api/send-bet-reminder.ts';
import { toastBetError } from '#web/lib/bet-toasts.ts';

type BetReminderButtonProps = {
  betId: string;
  loserName: string;
  availableAt: string | null;
};

/** The winner's 'Send Reminder' on an unpaid bet's card (profile and bet page). */
export function BetReminderButton({ betId, loserName, availableAt }: BetReminderButtonProps) {
  const queryClient = useQueryClient();
  // The server's answer, shown until the re-read card brings the same time.
  const [answeredAt, setAnsweredAt] = useState<string | null>(null);
  const send = useSendBetReminder(
    {
      onSuccess: () =>
        toast.success(reminderMessages.toastTitle, {
          description: reminderMessages.toastDescription(loserName),
        }),
      onError: (error) => toastBetError(error),
    },
    { showAnswer: ({ reminder }) => setAnsweredAt(reminder.availableAt) },
  );
  return (
    <ReminderButton
      className="w-full"
      availableAt={availableAt ?? answeredAt}
      isBusy={send.isPending}
      onSend={() => send.mutate(betId)}
      onAvailable={() => {
        setAnsweredAt(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.bets });
        void queryClient.invalidateQueries({ queryKey: queryKeys.bet(betId) });
      }}
    />
  );
}
