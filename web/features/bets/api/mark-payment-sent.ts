import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { useBetMutation } from '../../../hooks/use-bet-mutation.ts';

/** The loser says they paid through Venmo. */
export async function markPaymentSent(betId: string) {
  return unwrap(await api.bets[':id']['payment-sent'].$post({ param: { id: betId } }));
}

export function useMarkPaymentSent(config: MutationConfig<typeof markPaymentSent> = {}) {
  return useBetMutation(markPaymentSent, config);
}
