import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** 'Accept Counter': the creator takes the opponent's last counter, as seen (`seenCounters`). */
export async function acceptCounter({ betId, seenCounters }: { betId: string; seenCounters: number }) {
  return unwrap(
    await api.bets[':id']['accept-counter'].$post({ param: { id: betId }, json: { seenCounters } }),
  );
}

export function useAcceptCounter(config: MutationConfig<typeof acceptCounter> = {}) {
  return useBetMutation(acceptCounter, config);
}
