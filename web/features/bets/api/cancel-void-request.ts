import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { useBetMutation } from '../../../hooks/use-bet-mutation.ts';

/** The requester takes back their own void request. */
export async function cancelVoidRequest(betId: string) {
  return unwrap(await api.bets[':id'].void.$delete({ param: { id: betId } }));
}

export function useCancelVoidRequest(config: MutationConfig<typeof cancelVoidRequest> = {}) {
  return useBetMutation(cancelVoidRequest, config);
}
