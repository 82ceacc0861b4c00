import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { reminderMessages } from '../../../../domain/reminder-texts.ts';
import { ReminderButton } from './reminder-button.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSendBetReminder } from '../api/send-bet-reminder.ts';
import { toastBetError } from '../../../lib/bet-toasts.ts';

type BetReminderButtonProps = {
  betId: string;
  loserName: string;
  availableAt: string | null;
};

/** The winner's 'Send Reminder' on an unpaid bet's card (profile and bet page). */
export function BetReminderButton({ betId, loserName, availableAt }: BetReminderButtonProps) {
  const queryClient = useQueryClient();
  const send = useSendBetReminder({
    onSuccess: () =>
      toast.success(reminderMessages.toastTitle, {
        description: reminderMessages.toastDescription(loserName),
      }),
    onError: (error) => toastBetError(error),
  });
  return (
    <ReminderButton
      className="w-full"
      availableAt={availableAt}
      isBusy={send.isPending}
      onSend={() => send.mutate(betId)}
      onAvailable={() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.bets });
        void queryClient.invalidateQueries({ queryKey: queryKeys.bet(betId) });
      }}
    />
  );
}
