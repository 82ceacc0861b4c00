import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { FeedBet } from '#domain/feed.ts';
import { getFeedQueryOptions, type FeedPage } from '../api/get-feed.ts';
import { countNewFeedComment, patchFeedBet } from './feed-cache.ts';

function bet(id: string): FeedBet {
  const party = { id: `u-${id}`, name: 'Ann', username: 'ann', image: null, venmoHandle: 'ann' };
  return {
    id,
    creator: party,
    opponent: { ...party, id: `v-${id}` },
    winner: null,
    description: 'Rain tomorrow',
    amount: 5,
    creatorStake: 5,
    opponentStake: 5,
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    completedAt: null,
    commentCount: 0,
    likeCount: 0,
    likedByMe: false,
  };
}

function pages(...ids: string[][]): InfiniteData<FeedPage, string | null> {
  return {
    pages: ids.map((page) => ({ items: page.map(bet), nextCursor: null })),
    pageParams: ids.map((_, index) => (index === 0 ? null : `c${index}`)),
  };
}

test('patchFeedBet replaces only the matching bet and keeps other pages as they were', () => {
  const data = pages(['a', 'b'], ['c']);
  const patched = patchFeedBet(data, 'c', (item) => ({ ...item, likeCount: 4 }));
  expect(patched?.pages[1]?.items[0]?.likeCount).toBe(4);
  expect(patched?.pages[0]).toBe(data.pages[0]);
  expect(patched?.pageParams).toBe(data.pageParams);
});

test('patchFeedBet returns the same data when the bet is not loaded', () => {
  const data = pages(['a']);
  expect(patchFeedBet(data, 'zzz', (item) => ({ ...item, likeCount: 9 }))).toBe(data);
  expect(patchFeedBet(undefined, 'a', (item) => item)).toBeUndefined();
});

test('countNewFeedComment counts one more comment on the cached card', () => {
  const queryClient = new QueryClient();
  const { queryKey } = getFeedQueryOptions();
  queryClient.setQueryData(queryKey, pages(['a', 'b']));
  countNewFeedComment(queryClient, 'b');
  const items = queryClient.getQueryData(queryKey)?.pages[0]?.items;
  expect(items?.map((item) => item.commentCount)).toEqual([0, 1]);
});
