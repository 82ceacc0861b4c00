import { api, unwrap } from '#web/lib/api-client.ts';
import type { ChangeMutationOptions } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The creditor reminds a friend of the balance they owe: it counts as a reminder about each bet in it. */
export async function sendBalanceReminder(friendId: string) {
  return unwrap(await api.balances[':friendId'].remind.$post({ param: { friendId } }));
}

type Answer = Awaited<ReturnType<typeof sendBalanceReminder>>;

/** `showAnswer` gets the reminder's new state as soon as the server answers ('Reminder sent' at once). */
export function useSendBalanceReminder(
  config: MutationConfig<typeof sendBalanceReminder> = {},
  options: Pick<ChangeMutationOptions<Answer, string>, 'showAnswer'> = {},
) {
  return useBetMutation(sendBalanceReminder, config, options);
}
