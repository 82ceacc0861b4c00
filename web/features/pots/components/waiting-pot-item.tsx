import { Link } from '#web/lib/router/router.tsx';
import { formatDollars } from '#domain/money.ts';
import { waitingPotLine, type WaitingPot } from '#domain/pots.ts';
import { Button } from '#web/components/ui/button.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';

const actionLabels: Record<WaitingPot['reason'], string> = {
  join: 'See Pot',
  referee: 'See Pot',
  pick_referee: 'Pick a Referee',
  dispute_vote: 'See Pot',
};

/** A pot in 'Waiting on You': an invitation, a referee request, a referee to pick again (ADR 054), or a dispute to vote on (ADR 060). */
export function WaitingPotItem({ pot }: { pot: WaitingPot }) {
  return (
    <article
      aria-label={pot.question}
      data-focus-home="card"
      data-focus-key={pot.id}
      tabIndex={-1}
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <header className="flex items-start gap-3">
        <UserAvatar name={pot.creator.name} image={pot.creator.image} className="size-9 text-sm" />
        <p className="min-w-0 flex-1 text-sm wrap-anywhere">{waitingPotLine(pot)}</p>
        <p className="shrink-0 font-bold text-primary tabular-nums">{formatDollars(pot.stake)}</p>
      </header>
      <Button asChild size="sm">
        <Link to={`/pots/${pot.id}`}>{actionLabels[pot.reason]}</Link>
      </Button>
    </article>
  );
}
