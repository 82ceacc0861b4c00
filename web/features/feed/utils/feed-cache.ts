import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FeedItem } from '#domain/feed.ts';
import { getFeedQueryOptions, type FeedPage } from '../api/get-feed.ts';

/** The cached pages with one item (bet or pot: ids never collide) replaced; the same object when it is not loaded. */
export function patchFeedBet<TData extends InfiniteData<FeedPage>>(
  data: TData | undefined,
  betId: string,
  patch: (item: FeedItem) => FeedItem,
): TData | undefined {
  const hasBet = (page: FeedPage) => page.items.some((bet) => bet.id === betId);
  if (!data?.pages.some(hasBet)) return data;
  const pages = data.pages.map((page) =>
    hasBet(page) ? { ...page, items: page.items.map((bet) => (bet.id === betId ? patch(bet) : bet)) } : page,
  );
  return { ...data, pages };
}

export function updateCachedFeedBet(
  queryClient: QueryClient,
  betId: string,
  patch: (item: FeedItem) => FeedItem,
) {
  queryClient.setQueryData(getFeedQueryOptions().queryKey, (data) => patchFeedBet(data, betId, patch));
}

/**
 * Counts a comment the viewer just added on the feed card without refetching
 * every loaded page. For the comments dialog's caller (features don't import
 * each other, so the route passes this in).
 */
export function countNewFeedComment(queryClient: QueryClient, betId: string) {
  updateCachedFeedBet(queryClient, betId, (bet) => ({ ...bet, commentCount: bet.commentCount + 1 }));
}
