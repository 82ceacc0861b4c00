import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Bet, BetSectionName } from '#domain/bets.ts';
import type { Page } from '#domain/pagination.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { myBetsKey } from '#web/lib/query-keys.ts';

/**
 * One page of my bets: the first (from /bets/mine) carries a page of every section, a later one
 * (from /bets/mine/<section>) the next page of one section.
 */
export type MyBetsPage = Record<BetSectionName, Page<Bet> | null>;
/** Which section a page after the first continues, and from where. */
export type MyBetsPageParam = { section: BetSectionName; cursor: string } | null;

export async function getMyBetsPage(param: MyBetsPageParam): Promise<MyBetsPage> {
  if (param === null) return unwrap(await api.bets.mine.$get());
  const page = await unwrap(await api.bets.mine[param.section].$get({ query: { cursor: param.cursor } }));
  return { pending: null, active: null, past: null, [param.section]: page };
}

const SECTIONS: readonly BetSectionName[] = ['pending', 'active', 'past'];

/** Where `section` goes on after the loaded pages: the cursor of its last loaded page, or null at its end. */
export function nextCursorOf(pages: readonly MyBetsPage[], section: BetSectionName): string | null {
  for (let i = pages.length - 1; i >= 0; i -= 1) {
    const page = pages[i]?.[section];
    if (page) return page.nextCursor;
  }
  return null;
}

export type MyBetsSection = { bets: Bet[]; hasMore: boolean };
export type MyBets = Record<BetSectionName, MyBetsSection>;

function flatten(data: InfiniteData<MyBetsPage, MyBetsPageParam>): MyBets {
  const section = (name: BetSectionName): MyBetsSection => {
    const seen = new Set<string>();
    // A bet that changed section between two page reads could appear twice until the next refetch.
    const bets = data.pages
      .flatMap((page) => page[name]?.items ?? [])
      .filter((bet) => {
        if (seen.has(bet.id)) return false;
        seen.add(bet.id);
        return true;
      });
    return { bets, hasMore: nextCursorOf(data.pages, name) !== null };
  };
  return { pending: section('pending'), active: section('active'), past: section('past') };
}

/** The section a page after the first continues. */
function sectionOf(page: MyBetsPage): BetSectionName | undefined {
  return SECTIONS.find((section) => page[section] !== null);
}

/**
 * Per query client, the section of each page after the first, in order. A refetch (a realtime event) reads
 * the first page and then the same sections' next pages from the new cursors, so loaded pages are
 * neither dropped nor duplicated when a bet changes. Page params cannot carry this: TanStack Query
 * asks `getNextPageParam` again for each page of a refetch, with the new pages only.
 */
const requestedSections = new WeakMap<QueryClient, readonly BetSectionName[]>();

export function getMyBetsQueryOptions(queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: myBetsKey,
    queryFn: ({ pageParam }) => getMyBetsPage(pageParam),
    initialPageParam: null as MyBetsPageParam,
    getNextPageParam: (_lastPage, pages): MyBetsPageParam => {
      const section = requestedSections.get(queryClient)?.[pages.length - 1];
      if (section === undefined) return null;
      const cursor = nextCursorOf(pages, section);
      return cursor === null ? null : { section, cursor };
    },
    select: flatten,
    meta: {
      errorToast: { title: 'Error loading bets', description: 'Failed to load bets. Please try again.' },
    },
  });
}

/** My bets for the profile, a page of each section; `loadMore(section)` loads that section's next 20. */
export function useMyBets() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(getMyBetsQueryOptions(queryClient));
  const { fetchNextPage } = query;
  const loadMore = useCallback(
    (section: BetSectionName) => {
      // From the pages as loaded now: a refetch may have stopped early, or this screen mounted on cached pages.
      const pages =
        queryClient.getQueryData<InfiniteData<MyBetsPage, MyBetsPageParam>>(myBetsKey)?.pages ?? [];
      const before = pages.slice(1).map((page) => sectionOf(page) ?? section);
      requestedSections.set(queryClient, [...before, section]);
      return fetchNextPage();
    },
    [queryClient, fetchNextPage],
  );
  return { ...query, loadMore };
}
