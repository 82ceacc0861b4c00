import { Link } from '#web/lib/router/router.tsx';
import type { Bet, WaitingReason } from '#domain/bets.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { formatStakes, otherParty } from '../utils/bet-view.ts';
import { ActiveBetActions } from './active-bet-actions.tsx';
import { RefereeActions } from './referee-actions.tsx';
import { BetStatusBadge } from './bet-status-badge.tsx';
import { CompletedBetActions } from './completed-bet-actions.tsx';
import { PendingBetActions } from './pending-bet-actions.tsx';
import { VoidBetActions } from './void-bet-actions.tsx';

type WaitingBetItemProps = { bet: Bet & { reason: WaitingReason }; viewerId: string };

/** A bet in 'Waiting on You': who and what (linking to the bet page), and the one thing to do now. */
export function WaitingBetItem({ bet, viewerId }: WaitingBetItemProps) {
  const other = otherParty(bet, viewerId);
  return (
    <article
      aria-label={bet.description}
      data-focus-home="card"
      data-focus-key={bet.id}
      tabIndex={-1}
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <header className="flex items-start gap-3">
        <UserAvatar name={other.name} image={other.image} className="size-9 text-sm" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="text-sm">
            <span className="font-medium">{other.name}</span>
            {bet.reason === 'answer' ? <span className="text-muted-foreground"> challenged you</span> : null}
          </p>
          <Link
            to={`/bets/${bet.id}`}
            className="text-sm wrap-anywhere text-muted-foreground underline-offset-4 hover:underline"
          >
            {bet.description}
          </Link>
        </div>
        <p className="shrink-0 font-bold text-primary tabular-nums">{formatStakes(bet)}</p>
      </header>
      {bet.reason === 'answer' ? <PendingBetActions bet={bet} viewerId={viewerId} /> : null}
      {bet.reason === 'referee' || bet.reason === 'pick_referee' ? <RefereeActions bet={bet} viewerId={viewerId} /> : null}
      {bet.reason === 'resolve' ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-xs">
            <BetStatusBadge bet={bet} viewerId={viewerId} />
          </p>
          <ActiveBetActions bet={bet} viewerId={viewerId} />
        </>
      ) : null}
      {bet.reason === 'confirm_void' ? (
        <VoidBetActions bet={bet} viewerId={viewerId} disabled={false} />
      ) : null}
      {bet.reason === 'pay' || bet.reason === 'confirm_payment' ? (
        <CompletedBetActions bet={bet} viewerId={viewerId} />
      ) : null}
    </article>
  );
}
