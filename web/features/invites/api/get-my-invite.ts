import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getMyInvite() {
  return unwrap(await api.invites.mine.$get());
}

export function getMyInviteQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.myInvite,
    queryFn: getMyInvite,
    staleTime: Infinity,
    meta: { errorToast: { title: 'Error loading your invite link' } },
  });
}

/** The viewer's personal link, made by the server on first use. */
export function useMyInvite({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getMyInviteQueryOptions(), enabled });
}
