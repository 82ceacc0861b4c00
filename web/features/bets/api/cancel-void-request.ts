import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The requester takes back their own void request. */
export async function cancelVoidRequest(betId: string) {
  return unwrap(await api.bets[':id'].void.$delete({ param: { id: betId } }));
}

export function useCancelVoidRequest(config: MutationConfig<typeof cancelVoidRequest> = {}) {
  return useBetMutation(cancelVoidRequest, config);
}
