import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getSentFriendRequests() {
  return unwrap(await api['friend-requests'].sent.$get());
}

export function getSentFriendRequestsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.sentFriendRequests, queryFn: getSentFriendRequests });
}

/** The requests I sent that are still waiting, newest first. */
export function useSentFriendRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSentFriendRequestsQueryOptions(), enabled });
}
