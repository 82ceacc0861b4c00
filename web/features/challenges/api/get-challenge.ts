import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** A challenge link's public view; 404 for an unknown code. Reading it never changes anything. */
export async function getChallenge(code: string) {
  return unwrap(await api.challenges[':code'].$get({ param: { code } }));
}

export function getChallengeQueryOptions(code: string) {
  // No error toast: the page itself says the link is not valid (or offers a retry).
  return queryOptions({
    queryKey: queryKeys.challenge(code),
    queryFn: () => getChallenge(code),
    retry: false,
  });
}

export function useChallenge(code: string) {
  return useQuery(getChallengeQueryOptions(code));
}
