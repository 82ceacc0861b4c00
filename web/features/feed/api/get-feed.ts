import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** One page of the feed, newest first; `cursor` is the previous page's `nextCursor`. */
export async function getFeed(cursor: string | null) {
  return unwrap(await api.feed.$get({ query: cursor ? { cursor } : {} }));
}

export type FeedPage = Awaited<ReturnType<typeof getFeed>>;

export function getFeedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.feedPages,
    queryFn: ({ pageParam }) => getFeed(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: {
      errorToast: { title: 'Error loading bets', description: 'Failed to load bets. Please try again.' },
    },
  });
}

/** The viewer's bets and their friends' bets, a page of 20 at a time. */
export function useFeed() {
  return useInfiniteQuery(getFeedQueryOptions());
}
