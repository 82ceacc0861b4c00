import { LoaderCircle, Trophy } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyBets } from '../api/get-my-bets.ts';
import { BetSection } from './bet-section.tsx';
import { OpenChallenges } from './open-challenges.tsx';

type ProfileBetsProps = {
  viewerId: string;
  /** Where the empty state's button goes. */
  placeBetPath: string;
  onOpenComments: (betId: string) => void;
};

/** Cards of each list in the render that shows the lists; the rest follow in a background render. */
const FIRST_CARDS = 3;

/**
 * False for the lists' first render, then true from a transition: the demo user's 34 cards (~1,000
 * elements) took one 240-610 ms task at Lighthouse's 4x CPU when rendered with the data, and a
 * transition's render is cut into ~5 ms slices. The lists sit below the stats, off a phone's first screen.
 */
function useIsPastFirstPaint(isReady: boolean): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    if (isReady) startTransition(() => setIsPast(true));
  }, [isReady]);
  return isPast;
}

/** The profile's Pending, Active and Past Bets, or the empty state when I have none. */
export function ProfileBets({ viewerId, placeBetPath, onOpenComments }: ProfileBetsProps) {
  const bets = useMyBets();
  const isComplete = useIsPastFirstPaint(bets.data !== undefined);

  if (bets.data === undefined) {
    if (bets.isError) {
      // The toast (query meta) says what failed; this keeps a way to try again on the screen.
      return (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-8 text-center">
          <p className="text-sm text-muted-foreground">Failed to load bets. Please try again.</p>
          <Button variant="outline" disabled={bets.isFetching} onClick={() => void bets.refetch()}>
            Retry
          </Button>
        </div>
      );
    }
    return (
      <div className="flex justify-center rounded-xl border bg-card py-10" aria-busy>
        <Spinner label="Loading bets" />
      </div>
    );
  }

  const { pending, active, past, hasMorePast } = bets.data;
  if (pending.length + active.length + past.length === 0) {
    return (
      <div className="grid gap-6">
        <EmptyState
          icon={Trophy}
          title="No bets yet"
          description="Place your first bet to get started!"
          className="rounded-xl border bg-card"
          action={
            <Button asChild variant="outline" className="mt-2">
              <Link to={placeBetPath}>Place a Bet</Link>
            </Button>
          }
        />
        <OpenChallenges />
      </div>
    );
  }

  const sectionProps = { viewerId, onOpenComments, shown: isComplete ? undefined : FIRST_CARDS };
  return (
    <div className="grid gap-6">
      <BetSection title="Pending Bets" bets={pending} {...sectionProps} />
      <OpenChallenges />
      <BetSection title="Active Bets" bets={active} {...sectionProps} />
      <BetSection
        title="Past Bets"
        bets={past}
        {...sectionProps}
        footer={
          hasMorePast ? (
            <Button
              variant="outline"
              className="w-full"
              disabled={bets.isFetchingNextPage}
              aria-busy={bets.isFetchingNextPage || undefined}
              onClick={() => void bets.fetchNextPage()}
            >
              {bets.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Load more
            </Button>
          ) : null
        }
      />
    </div>
  );
}
