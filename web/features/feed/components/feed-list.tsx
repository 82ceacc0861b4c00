import { memo, useCallback, type ReactNode } from 'react';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { useRevealedCount } from '#web/hooks/use-revealed-count.ts';
import { useFeed } from '../api/get-feed.ts';
import { isFeedPot } from '#domain/feed-items.ts';
import { BetCard } from './bet-card.tsx';
import { FeedEmpty } from './feed-empty.tsx';
import { PotFeedCard } from './pot-feed-card.tsx';
import { FeedSkeleton } from './feed-skeleton.tsx';

type FeedListProps = {
  onOpenUser: (userId: string) => void;
  /** A pot's card says so: its comments are the pot's (ADR 060). */
  onOpenComments: (betId: string, subject?: 'bet' | 'pot') => void;
  /** Shown under the empty state, e.g. a way to place a bet. */
  emptyAction?: ReactNode;
};

/** What a phone's first screen holds, then two more cards per task (web/hooks/use-revealed-count.ts). */
const REVEAL = { first: 4, perTask: 2 };

/** Memoized: each revealing task renders only the cards it adds. */
const FeedCard = memo(BetCard);
const PotCard = memo(PotFeedCard);

/** The Feed tab: my bets, my friends' bets and the pots I am part of, newest first, a page at a time. */
export function FeedList({ onOpenUser, onOpenComments, emptyAction }: FeedListProps) {
  const feed = useFeed();
  const { fetchNextPage } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const bets = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = useRevealedCount(feed.data !== undefined, bets.length, REVEAL);

  if (!feed.data) {
    return feed.isError ? (
      // Stays after the 'Error loading bets' toast is gone, so there is always a way to try again.
      <LoadError
        query={feed}
        title="Error loading bets"
        message="Failed to load bets. Please try again."
        className="py-10"
      />
    ) : (
      <FeedSkeleton />
    );
  }

  if (bets.length === 0) return <FeedEmpty action={emptyAction} />;

  return (
    <div className="grid grid-cols-1 gap-3">
      <ul aria-label="Bets" className="grid grid-cols-1 gap-3">
        {bets.slice(0, shown).map((bet) => (
          <li key={bet.id}>
            {isFeedPot(bet) ? (
              <PotCard pot={bet} onOpenUser={onOpenUser} onOpenComments={onOpenComments} />
            ) : (
              <FeedCard bet={bet} onOpenUser={onOpenUser} onOpenComments={onOpenComments} />
            )}
          </li>
        ))}
      </ul>
      {/* Mounted once the whole first page is rendered: mounted with the first cards, its observer could report
          the list's end in view after the last cards had pushed it away, and load the next page unasked. */}
      {shown === undefined ? (
        <LoadMore
          loadingLabel="Loading more bets"
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          hasFailed={feed.isFetchNextPageError}
          onLoadMore={loadMore}
        />
      ) : null}
    </div>
  );
}
