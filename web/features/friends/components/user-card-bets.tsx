import { useId } from 'react';
import { formatStakes } from '#domain/bet-stakes.ts';
import type { CardBet } from '#domain/profiles.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { StatusBadge } from '#web/components/bet-status-badge.tsx';
import { cn } from '#web/lib/utils.ts';

type UserCardBetsProps = {
  /** Whose profile this is: Won and Lost are from their side. */
  userId: string;
  bets: CardBet[];
  total: number;
};

// Tracks are minmax(0, 1fr) (grid-cols-1), not auto: a long name or word must not widen the list past
// the dialog's edge.
export function UserCardBets({ userId, bets, total }: UserCardBetsProps) {
  const headingId = useId();
  const more = total - bets.length;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-1 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Recent Bets
      </h3>
      {bets.length === 0 ? (
        <p className="text-sm text-muted-foreground">No bets yet</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {bets.map((bet) => (
            <BetItem key={bet.id} bet={bet} userId={userId} />
          ))}
        </ul>
      )}
      {more > 0 ? <p className="text-xs text-muted-foreground">+{more} more bets</p> : null}
    </section>
  );
}

function BetItem({ bet, userId }: { bet: CardBet; userId: string }) {
  const now = useRenderNow();
  const won = bet.status === 'completed' ? bet.winnerId === userId : null;
  return (
    <li className="grid min-w-0 grid-cols-1 gap-1 rounded-lg border p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate font-medium">
          {bet.creator.name} <span className="font-normal text-muted-foreground">vs</span> {bet.opponent.name}
        </p>
        <StatusBadge status={bet.status} />
      </div>
      <p className="wrap-anywhere text-muted-foreground">{bet.description}</p>
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{formatStakes(bet)}</span>
        <span aria-hidden>·</span>
        <span>{relativeTime(bet.createdAt, now)}</span>
        {won === null ? null : (
          <span className={cn('ml-auto font-semibold', won ? 'text-emerald-700' : 'text-red-700')}>
            {won ? 'Won' : 'Lost'}
          </span>
        )}
      </div>
    </li>
  );
}
