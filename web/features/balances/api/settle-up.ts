import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/** 'Mark All Paid': one settlement for exactly the bets and pot payments the screen showed. */
export async function settleUp({
  friendId,
  betIds,
  potPaymentIds,
}: {
  friendId: string;
  betIds: string[];
  potPaymentIds: string[];
}) {
  return unwrap(
    await api.balances[':friendId'].settle.$post({ param: { friendId }, json: { betIds, potPaymentIds } }),
  );
}

export function useSettleUp(config: MutationConfig<typeof settleUp> = {}) {
  return useBetMutation(settleUp, config);
}

/** 'Confirm All Received': the payee confirms the settlement and every bet in it. */
export async function confirmSettlement(settlementId: string) {
  return unwrap(await api.settlements[':id'].confirm.$post({ param: { id: settlementId } }));
}

export function useConfirmSettlement(config: MutationConfig<typeof confirmSettlement> = {}) {
  return useBetMutation(confirmSettlement, config);
}
