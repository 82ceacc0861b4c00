import type { CreateBetInput } from '../../../../domain/bets.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { useBetMutation } from '../../../hooks/use-bet-mutation.ts';

export async function createBet(input: CreateBetInput) {
  return unwrap(await api.bets.$post({ json: input }));
}

export function useCreateBet(config: MutationConfig<typeof createBet> = {}) {
  return useBetMutation(createBet, config);
}
