import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useBetMutation } from '#web/hooks/use-bet-mutation.ts';

/* A bet's referee (ADR 061): the referee's answer and decision, the creator's pick or removal, Place Bet's picker. */

export async function acceptReferee(betId: string) {
  return unwrap(await api.bets[':id'].referee.accept.$post({ param: { id: betId } }));
}
export async function declineReferee(betId: string) {
  return unwrap(await api.bets[':id'].referee.decline.$post({ param: { id: betId } }));
}
export async function decideBet({ betId, winnerId }: { betId: string; winnerId: string }) {
  return unwrap(await api.bets[':id'].referee.decide.$post({ param: { id: betId }, json: { winnerId } }));
}
export async function pickReferee({ betId, refereeId }: { betId: string; refereeId: string }) {
  return unwrap(await api.bets[':id'].referee.$put({ param: { id: betId }, json: { refereeId } }));
}
export async function removeReferee(betId: string) {
  return unwrap(await api.bets[':id'].referee.$delete({ param: { id: betId } }));
}

export const useAcceptReferee = (config: MutationConfig<typeof acceptReferee> = {}) => useBetMutation(acceptReferee, config);
export const useDeclineReferee = (config: MutationConfig<typeof declineReferee> = {}) => useBetMutation(declineReferee, config);
export const useDecideBet = (config: MutationConfig<typeof decideBet> = {}) => useBetMutation(decideBet, config);
export const usePickReferee = (config: MutationConfig<typeof pickReferee> = {}) => useBetMutation(pickReferee, config);
export const useRemoveReferee = (config: MutationConfig<typeof removeReferee> = {}) => useBetMutation(removeReferee, config);

export function getRefereeCandidatesQueryOptions(opponentId: string) {
  return queryOptions({
    queryKey: queryKeys.refereeCandidates(opponentId),
    queryFn: async () => unwrap(await api.bets['referee-candidates'][':opponentId'].$get({ param: { opponentId } })),
  });
}

/** Friends of both the viewer and the opponent; nothing until an opponent is picked. */
export function useRefereeCandidates(opponentId: string | null) {
  return useQuery({ ...getRefereeCandidatesQueryOptions(opponentId ?? ''), enabled: opponentId !== null && opponentId !== '' });
}
