import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** Either party resolves an active bet: 'won' makes the caller the winner, 'lost' the other party. */
export async function resolveBet({ betId, outcome }: { betId: string; outcome: 'won' | 'lost' }) {
  return unwrap(await api.bets[':id'].resolve.$post({ param: { id: betId }, json: { outcome } }));
}

export function useResolveBet(config: MutationConfig<typeof resolveBet> = {}) {
  return useBetMutation(resolveBet, config);
}
