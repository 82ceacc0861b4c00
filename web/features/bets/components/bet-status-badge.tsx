import { formatDueDate, isOverdue } from '#domain/bet-rules.ts';
import type { Bet } from '#domain/bets.ts';
import { StatusBadge } from '#web/components/bet-status-badge.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useRenderToday } from '#web/lib/render-clock.ts';

/** Pending or Active (with its flags); a completed bet reads Won or Lost from the viewer's side. */
export function BetStatusBadge({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  if (bet.status === 'completed') return <StatusBadge status="completed" won={bet.winnerId === viewerId} />;
  return (
    <>
      <StatusBadge status={bet.status} />
      <BetFlags bet={bet} />
    </>
  );
}

/**
 * An open bet's flags: 'Disputed' after a dispute, 'Due <date>' with a
 * resolve-by date, 'Overdue' from the day after it. The bet page shows them
 * beside the feed card's status.
 */
export function BetFlags({ bet }: { bet: Pick<Bet, 'status' | 'disputedAt' | 'resolveBy'> }) {
  const today = useRenderToday();
  if (bet.status === 'completed') return null;
  return (
    <>
      {bet.disputedAt !== null ? <Badge variant="destructive">Disputed</Badge> : null}
      {bet.resolveBy === null ? null : isOverdue(bet, today) ? (
        <Badge variant="warning">Overdue</Badge>
      ) : (
        // One text node: the badge is a flex box, which would drop the space between two.
        <Badge variant="outline">
          <time dateTime={bet.resolveBy}>{`Due ${formatDueDate(bet.resolveBy)}`}</time>
        </Badge>
      )}
    </>
  );
}
