import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** What comments hang off: a bet, or a pot's feed card (ADR 060). Their ids never collide. */
export type CommentSubject = 'bet' | 'pot';

/** A bet's (or pot's) comments, oldest first. */
export async function getComments(betId: string, subject: CommentSubject = 'bet') {
  return unwrap(
    subject === 'pot'
      ? await api.pots[':id'].comments.$get({ param: { id: betId } })
      : await api.bets[':id'].comments.$get({ param: { id: betId } }),
  );
}

export function getCommentsQueryOptions(betId: string, subject: CommentSubject = 'bet') {
  return queryOptions({
    queryKey: [...queryKeys.comments(betId), subject],
    queryFn: () => getComments(betId, subject),
  });
}

export function useComments(betId: string | null, subject: CommentSubject = 'bet') {
  return useQuery({
    ...getCommentsQueryOptions(betId ?? '', subject),
    enabled: betId !== null,
  });
}
