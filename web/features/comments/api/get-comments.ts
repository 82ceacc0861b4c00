import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** A bet's comments, oldest first. */
export async function getComments(betId: string) {
  return unwrap(await api.bets[':id'].comments.$get({ param: { id: betId } }));
}

export function getCommentsQueryOptions(betId: string) {
  return queryOptions({ queryKey: queryKeys.comments(betId), queryFn: () => getComments(betId) });
}

export function useComments(betId: string | null) {
  return useQuery({
    ...getCommentsQueryOptions(betId ?? ''),
    enabled: betId !== null,
  });
}
