import { api, unwrap } from '#web/lib/api-client.ts';
import type { ChangeMutationOptions } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The winner reminds the loser of an unpaid bet (at most once per 24 hours, the server decides). */
export async function sendBetReminder(betId: string) {
  return unwrap(await api.bets[':id'].remind.$post({ param: { id: betId } }));
}

type Answer = Awaited<ReturnType<typeof sendBetReminder>>;

/** `showAnswer` gets the reminder's new state as soon as the server answers ('Reminder sent' at once). */
export function useSendBetReminder(
  config: MutationConfig<typeof sendBetReminder> = {},
  options: Pick<ChangeMutationOptions<Answer, string>, 'showAnswer'> = {},
) {
  return useBetMutation(sendBetReminder, config, options);
}
