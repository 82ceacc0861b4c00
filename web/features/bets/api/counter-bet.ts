import type { CounterBetInput } from '#domain/bets.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** 'Counter': other stakes for a pending bet, from the party it waits on (ADR 062). */
export async function counterBet({
  betId,
  ...json
}: { betId: string } & Omit<CounterBetInput, 'note'> & { note?: string }) {
  return unwrap(await api.bets[':id'].counter.$post({ param: { id: betId }, json }));
}

export function useCounterBet(config: MutationConfig<typeof counterBet> = {}) {
  return useBetMutation(counterBet, config);
}
