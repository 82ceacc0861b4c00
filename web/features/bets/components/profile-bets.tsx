import { LoaderCircle, Trophy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { useRevealedCount } from '#web/hooks/use-revealed-count.ts';
import type { BetSectionName } from '#domain/bets.ts';
import { useMyBets } from '../api/get-my-bets.ts';
import { BetSection } from './bet-section.tsx';
import { BetsLoading } from './bets-loading.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

type ProfileBetsProps = {
  viewerId: string;
  /** Where the empty state's button goes. */
  placeBetPath: string;
  onOpenComments: (betId: string) => void;
  /** The open challenge links (web/features/challenges), shown between Pending and Active Bets. */
  openChallenges: ReactNode;
  /** The pots the viewer is part of (web/features/pots): open ones before the bets, decided ones after the past bets. */
  openPots?: ReactNode;
  pastPots?: ReactNode;
  /** The page's first screen, its data in at once (ADR 067): the lists are revealed all the same. */
  isFirstScreen?: boolean;
};

/**
 * The lists sit below the stats and balances, off a phone's first screen: one card each, then one more each
 * per task (Lighthouse, /profile, medians of 3: TBT 340 ms with 3 + 2 per task, 214 ms with 1 + 1).
 */
const REVEAL = { first: 1, perTask: 1 };

/** The profile's Pending, Active and Past Bets, or the empty state when I have none. */
export function ProfileBets({
  viewerId,
  placeBetPath,
  onOpenComments,
  openChallenges,
  openPots,
  pastPots,
  isFirstScreen = false,
}: ProfileBetsProps) {
  const bets = useMyBets();
  const [loading, setLoading] = useState<BetSectionName | null>(null);
  const sections = bets.data ? [bets.data.pending, bets.data.active, bets.data.past] : [];
  const shown = useRevealedCount(
    bets.data !== undefined,
    Math.max(0, ...sections.map((section) => section.bets.length)),
    { ...REVEAL, gradually: isFirstScreen },
  );

  if (bets.data === undefined) {
    if (bets.isError) {
      // The toast (query meta) says what failed; this keeps a way to try again on the screen.
      return <LoadError query={bets} message="Failed to load bets. Please try again." />;
    }
    return <BetsLoading />;
  }

  const { pending, active, past } = bets.data;
  if (pending.bets.length + active.bets.length + past.bets.length === 0) {
    return (
      <div className="grid gap-6">
        {openPots}
        <EmptyState
          icon={Trophy}
          title="No bets yet"
          description="Place your first bet to get started!"
          className="rounded-xl border bg-card py-10"
          action={
            <Button asChild variant="outline" className="mt-2">
              <Link to={placeBetPath}>Place a Bet</Link>
            </Button>
          }
        />
        {openChallenges}
        {pastPots}
      </div>
    );
  }

  const sectionProps = { viewerId, onOpenComments, shown };
  // Each section pages 20 at a time (ADR 043); one 'Load more' runs at a time.
  const footer = (section: BetSectionName) =>
    bets.data[section].hasMore ? (
      <Button
        variant="outline"
        className="w-full"
        disabled={bets.isFetchingNextPage}
        aria-busy={(bets.isFetchingNextPage && loading === section) || undefined}
        onClick={() => {
          setLoading(section);
          void bets.loadMore(section);
        }}
      >
        {bets.isFetchingNextPage && loading === section ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : null}
        Load more
      </Button>
    ) : null;
  return (
    <div className="grid gap-6">
      {openPots}
      <BetSection title="Pending Bets" bets={pending.bets} {...sectionProps} footer={footer('pending')} />
      {openChallenges}
      <BetSection title="Active Bets" bets={active.bets} {...sectionProps} footer={footer('active')} />
      <BetSection title="Past Bets" bets={past.bets} {...sectionProps} footer={footer('past')} />
      {pastPots}
    </div>
  );
}
