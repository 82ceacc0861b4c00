import { MessageCircle } from 'lucide-react';
import { memo, useId } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import type { Bet } from '#domain/bets.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { Button } from '#web/components/ui/button.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { formatDollars } from '../utils/bet-view.ts';
import { BetActions } from './bet-actions.tsx';
import { BetStatusBadge } from './bet-status-badge.tsx';

type ProfileBetCardProps = {
  bet: Bet;
  viewerId: string;
  onOpenComments: (betId: string) => void;
};

/**
 * One of my bets on the profile, with what I can do about it now. Memoised: the profile re-renders its
 * lists whenever one of its queries changes, and re-rendering every card took hundreds of ms at 4x CPU;
 * a bet that did not change keeps its object (TanStack Query's structural sharing), so its card is skipped.
 */
export const ProfileBetCard = memo(function ProfileBetCard({
  bet,
  viewerId,
  onOpenComments,
}: ProfileBetCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-focus-home="card"
      data-focus-key={bet.id}
      tabIndex={-1}
      // Off screen, the card's layout and paint wait until it nears the viewport (a profile lists dozens;
      // ~260 px is a typical card). On the card, not its <li>: its own focus ring is outside the clip.
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm outline-none [contain-intrinsic-size:auto_260px] [content-visibility:auto] focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <header className="flex items-start gap-3">
        <span className="flex shrink-0 -space-x-1 pt-0.5">
          <UserAvatar name={bet.creator.name} image={bet.creator.image} className="size-9 ring-2 ring-card" />
          <UserAvatar
            name={bet.opponent.name}
            image={bet.opponent.image}
            className="size-9 ring-2 ring-card"
          />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={titleId} className="text-sm leading-snug font-semibold break-words">
            {bet.creator.name} <span className="font-normal text-muted-foreground">vs</span>{' '}
            {bet.opponent.name}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={bet.createdAt}>{relativeTime(bet.createdAt)}</time>
            <BetStatusBadge bet={bet} viewerId={viewerId} />
          </p>
        </div>
        <p className="shrink-0 text-lg leading-tight font-bold text-primary tabular-nums">
          {formatDollars(bet.amount)}
        </p>
      </header>
      <Link
        to={`/bets/${bet.id}`}
        className="rounded-sm text-sm break-words whitespace-pre-line underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {bet.description}
      </Link>
      {bet.acceptanceComment ? (
        <blockquote className="rounded-lg bg-muted px-3 py-2 text-sm break-words">
          <span className="block text-xs font-medium text-muted-foreground">
            {bet.opponent.name}&apos;s prediction
          </span>
          {bet.acceptanceComment}
        </blockquote>
      ) : null}
      <BetActions bet={bet} viewerId={viewerId} />
      <footer className="-mx-2 -mb-2 flex items-center border-t pt-1">
        <Button
          variant="ghost"
          size="sm"
          className="h-9 gap-1.5 px-2.5"
          aria-haspopup="dialog"
          onClick={() => onOpenComments(bet.id)}
        >
          <MessageCircle className="size-4.5" aria-hidden />
          Comments
        </Button>
      </footer>
    </article>
  );
});
