import { useId, type ReactNode } from 'react';
import type { Bet } from '#domain/bets.ts';
import { ProfileBetCard } from './profile-bet-card.tsx';

type BetSectionProps = {
  title: 'Pending Bets' | 'Active Bets' | 'Past Bets';
  bets: Bet[];
  viewerId: string;
  onOpenComments: (betId: string) => void;
  /** Under the list, e.g. 'Load more'. */
  footer?: ReactNode;
  /** Render only this many cards for now (the heading still counts them all); all when undefined. */
  shown?: number | undefined;
};

/** One of the profile's bet lists; hidden while it has nothing in it. */
export function BetSection({ title, bets, viewerId, onOpenComments, footer, shown }: BetSectionProps) {
  const headingId = useId();
  if (bets.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-focus-home="list"
      tabIndex={-1}
      className="grid gap-3 outline-none"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        {title}
        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground tabular-nums">
          {bets.length}
          <span className="sr-only"> {bets.length === 1 ? 'bet' : 'bets'}</span>
        </span>
      </h2>
      <ul className="grid gap-3">
        {bets.slice(0, shown).map((bet) => (
          <li key={bet.id}>
            <ProfileBetCard bet={bet} viewerId={viewerId} onOpenComments={onOpenComments} />
          </li>
        ))}
      </ul>
      {footer}
    </section>
  );
}
