import { api, unwrap } from '#web/lib/api-client.ts';
import { uploadProof } from '#web/lib/proofs-api.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/**
 * The named loser of an 'I Won' (or a referee's decision) disputes it: the bet goes back to active,
 * marked disputed; an attached photo is then added as the dispute's proof (ADR 061).
 */
export async function disputeBet({ betId, reason, proof }: { betId: string; reason: string | undefined; proof?: File | null }) {
  const bet = unwrap(await api.bets[':id'].dispute.$post({ param: { id: betId }, json: { reason } }));
  if (proof) await uploadProof({ subject: { bet: betId }, file: proof, kind: 'dispute' });
  return bet;
}

export function useDisputeBet(config: MutationConfig<typeof disputeBet> = {}) {
  return useBetMutation(disputeBet, config);
}
