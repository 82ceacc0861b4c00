import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** Asks to void an active bet, or confirms the other party's request (which deletes the bet). */
export async function requestVoid(betId: string) {
  return unwrap(await api.bets[':id'].void.$post({ param: { id: betId } }));
}

export function useRequestVoid(config: MutationConfig<typeof requestVoid> = {}) {
  return useBetMutation(requestVoid, config);
}
