import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getFriends() {
  return unwrap(await api.friends.$get());
}

export function getFriendsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.friends, queryFn: getFriends });
}

/** All of my friends, by name. */
export function useFriends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getFriendsQueryOptions(), enabled });
}
