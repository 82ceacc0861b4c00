import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getFriendRequests() {
  return unwrap(await api['friend-requests'].$get());
}

export function getFriendRequestsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.friendRequests, queryFn: getFriendRequests });
}

/** Incoming pending requests, newest first. */
export function useFriendRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getFriendRequestsQueryOptions(), enabled });
}
