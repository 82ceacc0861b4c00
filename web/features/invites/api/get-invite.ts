import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The public invite page: who invited, and how the signed-in viewer relates to them. Read only. */
export async function getInvite(code: string) {
  return unwrap(await api.invites[':code'].$get({ param: { code } }));
}

/** Keyed by the viewer too: the same link reads differently signed out and signed in. */
export function getInviteQueryOptions(code: string, viewerId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.invite(code), viewerId ?? 'anonymous'],
    queryFn: () => getInvite(code),
  });
}

export function useInvite(code: string, viewerId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getInviteQueryOptions(code, viewerId), enabled });
}
