import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The named loser of an 'I Won' disputes it: the bet goes back to active, marked disputed. */
export async function disputeBet({ betId, reason }: { betId: string; reason: string | undefined }) {
  return unwrap(await api.bets[':id'].dispute.$post({ param: { id: betId }, json: { reason } }));
}

export function useDisputeBet(config: MutationConfig<typeof disputeBet> = {}) {
  return useBetMutation(disputeBet, config);
}
