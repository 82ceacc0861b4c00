import type { CreateBetInput } from '#domain/bets.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

export async function createBet(input: CreateBetInput) {
  return unwrap(await api.bets.$post({ json: input }));
}

export function useCreateBet(config: MutationConfig<typeof createBet> = {}) {
  return useBetMutation(createBet, config);
}
