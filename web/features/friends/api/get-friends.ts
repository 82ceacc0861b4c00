import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Every friend, by name (the friend picker searches them all on the client). */
export async function getAllFriends() {
  return unwrap(await api.friends.all.$get());
}

export function getAllFriendsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.friends, 'all'], queryFn: getAllFriends });
}

/** All of my friends, by name. */
export function useAllFriends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAllFriendsQueryOptions(), enabled });
}

/** One page of my friends by name (ADR 043), with how many I have in all. */
export async function getFriendsPage(cursor: string | null) {
  return unwrap(await api.friends.$get({ query: cursor === null ? {} : { cursor } }));
}

const firstPage: string | null = null;

export function getFriendsPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.friends, 'pages'],
    queryFn: ({ pageParam }) => getFriendsPage(pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: (data) => ({
      items: data.pages.flatMap((page) => page.items),
      total: data.pages[0]?.total ?? 0,
      hasMore: data.pages.at(-1)?.nextCursor != null,
    }),
  });
}

/** The Friends tab's list: `fetchNextPage` loads the next 50 by name. */
export function useFriendsPages({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getFriendsPagesQueryOptions(), enabled });
}
