import { Trophy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import type { FeedBet } from '#domain/feed.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { formatDollars } from '#domain/money.ts';
import { StatusBadge } from '#web/components/bet-status-badge.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { BetCardActions } from './bet-card-actions.tsx';
import { PartyButton } from './party-button.tsx';

type BetCardProps = {
  bet: FeedBet;
  onOpenUser: (userId: string) => void;
  onOpenComments: (betId: string) => void;
  /** The viewer's actions (the bet page); the feed shows none. */
  actions?: ReactNode;
  /** More badges beside the status (the bet page: 'Disputed', 'Due <date>'). */
  badges?: ReactNode;
  /** The description links to the bet page, except on the bet page itself. */
  isOnBetPage?: boolean;
};

/** One bet in the feed: who against whom, for how much, and how it ended. */
export function BetCard({
  bet,
  onOpenUser,
  onOpenComments,
  actions,
  badges,
  isOnBetPage = false,
}: BetCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-focus-home="card"
      data-focus-key={bet.id}
      tabIndex={-1}
      className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <header className="flex items-start gap-3">
        {/* A slight overlap only: a deeper one hid the second initial of the first avatar. */}
        <span className="flex shrink-0 -space-x-1 pt-0.5">
          <UserAvatar
            name={bet.creator.name}
            image={bet.creator.image}
            className="size-9 text-xs ring-2 ring-card"
          />
          <UserAvatar
            name={bet.opponent.name}
            image={bet.opponent.image}
            className="size-9 text-xs ring-2 ring-card"
          />
        </span>
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <h2 id={titleId} className="text-sm leading-snug font-semibold wrap-anywhere">
            <PartyButton party={bet.creator} onOpenUser={onOpenUser} />{' '}
            <span className="font-normal text-muted-foreground">vs</span>{' '}
            <PartyButton party={bet.opponent} onOpenUser={onOpenUser} />
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={bet.createdAt}>{relativeTime(bet.createdAt)}</time>
            {/* A completed bet says who won below instead. */}
            {bet.status === 'completed' ? null : <StatusBadge status={bet.status} />}
            {badges}
          </p>
        </div>
        <p className="shrink-0 text-lg leading-tight font-bold text-primary tabular-nums">
          {formatDollars(bet.amount)}
        </p>
      </header>
      {isOnBetPage ? (
        <p className="text-sm whitespace-pre-line wrap-anywhere">{bet.description}</p>
      ) : (
        // The bet's deep link: its page, with every action the viewer may take.
        <Link
          to={`/bets/${bet.id}`}
          className="rounded-sm text-sm whitespace-pre-line wrap-anywhere underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {bet.description}
        </Link>
      )}
      {bet.winner ? (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {/* An icon, not the 🏆 emoji: phones without an emoji font showed a box. */}
          <Trophy className="size-4 shrink-0 text-amber-600" aria-hidden />
          <span className="min-w-0 wrap-anywhere">{bet.winner.name} won</span>
        </p>
      ) : null}
      {actions}
      <BetCardActions bet={bet} onOpenComments={onOpenComments} />
    </article>
  );
}
