import { formatDueDate, isOverdue, localToday, type Bet } from '../../../../domain/bets.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** Pending or Active (with its flags); a completed bet reads Won or Lost from the viewer's side. */
export function BetStatusBadge({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  switch (bet.status) {
    case 'pending':
      return (
        <>
          <Badge variant="warning">Pending</Badge>
          <BetFlags bet={bet} />
        </>
      );
    case 'active':
      return (
        <>
          <Badge>Active</Badge>
          <BetFlags bet={bet} />
        </>
      );
    case 'completed':
      return bet.winnerId === viewerId ? (
        <Badge variant="success">Won</Badge>
      ) : (
        <Badge variant="outline" className="text-muted-foreground">
          Lost
        </Badge>
      );
  }
}

/**
 * An open bet's flags: 'Disputed' after a dispute, 'Due <date>' with a
 * resolve-by date, 'Overdue' from the day after it. The bet page shows them
 * beside the feed card's status.
 */
export function BetFlags({ bet }: { bet: Pick<Bet, 'status' | 'disputedAt' | 'resolveBy'> }) {
  if (bet.status === 'completed') return null;
  return (
    <>
      {bet.disputedAt !== null ? <Badge variant="destructive">Disputed</Badge> : null}
      {bet.resolveBy === null ? null : isOverdue(bet, localToday()) ? (
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
