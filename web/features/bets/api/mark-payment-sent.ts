import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The loser says they paid through Venmo. */
export async function markPaymentSent(betId: string) {
  return unwrap(await api.bets[':id']['payment-sent'].$post({ param: { id: betId } }));
}

export function useMarkPaymentSent(config: MutationConfig<typeof markPaymentSent> = {}) {
  return useBetMutation(markPaymentSent, config);
}
