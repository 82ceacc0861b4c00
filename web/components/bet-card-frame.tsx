import { useId, type ReactNode } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import type { UserSummary } from '#domain/profiles.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { formatStakes } from '#domain/bet-stakes.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { cn } from '#web/lib/utils.ts';

type FramedBet = {
  id: string;
  creator: Pick<UserSummary, 'name' | 'image'>;
  opponent: Pick<UserSummary, 'name' | 'image'>;
  description: string;
  creatorStake: number;
  opponentStake: number;
  createdAt: string;
};

type BetCardFrameProps = {
  bet: FramedBet;
  /** 'Ana vs Ben': the names, as buttons where the card opens a person's profile. */
  title: ReactNode;
  /** The card's heading level under the screen's own headings. */
  titleAs?: 'h2' | 'h3';
  /** Beside the time: the status and any flags. */
  badges: ReactNode;
  /** The description links to the bet page, except on the bet page itself. */
  isOnBetPage?: boolean;
  className?: string;
  /** Under the description: the outcome, the actions, the footer. */
  children: ReactNode;
};

/** The one frame of a bet card (the feed's and the profile's): the parties, time, status, stake and description. */
export function BetCardFrame({
  bet,
  title,
  titleAs: Title = 'h2',
  badges,
  isOnBetPage = false,
  className,
  children,
}: BetCardFrameProps) {
  const now = useRenderNow();
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-focus-home="card"
      data-focus-key={bet.id}
      tabIndex={-1}
      className={cn(
        'grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
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
          <Title id={titleId} className="text-sm leading-snug font-semibold wrap-anywhere">
            {title}
          </Title>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={bet.createdAt}>{relativeTime(bet.createdAt, now)}</time>
            {badges}
          </p>
        </div>
        <p className="shrink-0 text-lg leading-tight font-bold text-primary tabular-nums">
          {formatStakes(bet)}
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
      {children}
    </article>
  );
}
