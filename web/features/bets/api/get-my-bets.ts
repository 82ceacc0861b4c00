import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Bet } from '../../../../domain/bets.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { myBetsKey } from '../../../lib/query-keys.ts';

/** One page of my bets: the first carries pending and active bets too, later pages only past ones. */
export type MyBetsPage = { pending: Bet[]; active: Bet[]; past: Bet[]; nextCursor: string | null };

/**
 * The first page comes from /bets/mine (everything the profile shows in one
 * round trip), later ones from /bets/mine/past. Keeping both in one infinite
 * query means a realtime refetch re-reads every loaded page in order, so
 * 'Load more' results are never dropped or duplicated when a bet changes.
 */
export async function getMyBetsPage(cursor: string | null): Promise<MyBetsPage> {
  if (cursor === null) {
    const { pending, active, past } = await unwrap(await api.bets.mine.$get());
    return { pending, active, past: past.items, nextCursor: past.nextCursor };
  }
  const page = await unwrap(await api.bets.mine.past.$get({ query: { cursor } }));
  return { pending: [], active: [], past: page.items, nextCursor: page.nextCursor };
}

export type MyBets = { pending: Bet[]; active: Bet[]; past: Bet[]; hasMorePast: boolean };

function flatten(data: InfiniteData<MyBetsPage, string | null>): MyBets {
  const [first] = data.pages;
  const seen = new Set<string>();
  // A bet completed between two page reads could appear twice until the next refetch.
  const past = data.pages
    .flatMap((page) => page.past)
    .filter((bet) => {
      if (seen.has(bet.id)) return false;
      seen.add(bet.id);
      return true;
    });
  return {
    pending: first?.pending ?? [],
    active: first?.active ?? [],
    past,
    hasMorePast: data.pages.at(-1)?.nextCursor != null,
  };
}

const firstPage: string | null = null;

export function getMyBetsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: myBetsKey,
    queryFn: ({ pageParam }) => getMyBetsPage(pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: flatten,
    meta: {
      errorToast: { title: 'Error loading bets', description: 'Failed to load bets. Please try again.' },
    },
  });
}

/** My pending, active and past bets for the profile; `fetchNextPage` loads 20 more past bets. */
export function useMyBets() {
  return useInfiniteQuery(getMyBetsQueryOptions());
}
