import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The opponent declines a pending bet, which deletes it. */
export async function declineBet(betId: string) {
  return unwrap(await api.bets[':id'].decline.$post({ param: { id: betId } }));
}

export function useDeclineBet(config: MutationConfig<typeof declineBet> = {}) {
  return useBetMutation(declineBet, config);
}
