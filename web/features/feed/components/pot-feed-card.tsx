import { Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { formatDollars } from '#domain/money.ts';
import { potEntrantsText, potStatusLabels, potTotalText } from '#domain/pot-rules.ts';
import type { FeedPot } from '#domain/pots.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { BetCardActions } from './bet-card-actions.tsx';
import { PartyButton } from './party-button.tsx';

type PotFeedCardProps = {
  pot: FeedPot;
  onOpenUser: (userId: string) => void;
  onOpenComments: (potId: string, subject: 'pot') => void;
};

const stateVariants = {
  open: 'default',
  closed: 'secondary',
  awaiting: 'warning',
  disputed: 'warning',
  decided: 'secondary',
  cancelled: 'outline',
} as const;

/**
 * A pot in the feed (ADR 060): who started it, the question (its page's link), 'Pot: $N', how many entered,
 * the state and, once decided, the result; liked and commented on as a bet's card is. The header's layout
 * follows the bet card's (a copy of its few classes, not a shared frame).
 */
export function PotFeedCard({ pot, onOpenUser, onOpenComments }: PotFeedCardProps) {
  const now = useRenderNow();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-focus-home="card"
      data-focus-key={pot.id}
      tabIndex={-1}
      className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <header className="flex items-start gap-3">
        <span className="shrink-0 pt-0.5">
          <UserAvatar name={pot.creator.name} image={pot.creator.image} className="size-9 text-xs" />
        </span>
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <h2 id={titleId} className="text-sm leading-snug font-semibold wrap-anywhere">
            <PartyButton party={pot.creator} onOpenUser={onOpenUser} />{' '}
            <span className="font-normal text-muted-foreground">started a pot</span>
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={pot.createdAt}>{relativeTime(pot.createdAt, now)}</time>
            <Badge variant={stateVariants[pot.status]}>{potStatusLabels[pot.status]}</Badge>
          </p>
        </div>
        <p className="shrink-0 text-lg leading-tight font-bold text-primary tabular-nums">
          {potTotalText(pot.stake * pot.entrantCount)}
        </p>
      </header>
      <Link
        to={`/pots/${pot.id}`}
        className="rounded-sm text-sm whitespace-pre-line wrap-anywhere underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {pot.question}
      </Link>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users className="size-4 shrink-0" aria-hidden />
        <span>
          {potEntrantsText(pot.entrantCount)} · {formatDollars(pot.stake)} per person
        </span>
      </p>
      {pot.result !== null && (pot.status === 'decided' || pot.status === 'disputed') ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 wrap-anywhere">
          {pot.result}
        </p>
      ) : null}
      <BetCardActions bet={pot} onOpenComments={(id) => onOpenComments(id, 'pot')} />
    </article>
  );
}
