import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The party asked to void refuses: the bet stays on and the requester is told. */
export async function keepBet(betId: string) {
  return unwrap(await api.bets[':id'].keep.$post({ param: { id: betId } }));
}

export function useKeepBet(config: MutationConfig<typeof keepBet> = {}) {
  return useBetMutation(keepBet, config);
}
