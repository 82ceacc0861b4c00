import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/**
 * The opponent accepts a pending bet, optionally with a prediction (stored as its first comment), at the
 * terms they saw: `seenCounters` counters (ADR 062).
 */
export async function acceptBet({
  betId,
  prediction,
  seenCounters,
}: {
  betId: string;
  prediction?: string;
  seenCounters?: number;
}) {
  return unwrap(
    await api.bets[':id'].accept.$post({
      param: { id: betId },
      json: { ...(prediction ? { prediction } : {}), ...(seenCounters ? { seenCounters } : {}) },
    }),
  );
}

export function useAcceptBet(config: MutationConfig<typeof acceptBet> = {}) {
  return useBetMutation(acceptBet, config);
}
