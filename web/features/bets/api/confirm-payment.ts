import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** The winner confirms the loser's payment arrived, which settles the bet. */
export async function confirmPayment(betId: string) {
  return unwrap(await api.bets[':id']['payment-confirmed'].$post({ param: { id: betId } }));
}

export function useConfirmPayment(config: MutationConfig<typeof confirmPayment> = {}) {
  return useBetMutation(confirmPayment, config);
}
