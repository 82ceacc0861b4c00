import type { Bet } from '../../../../domain/bets.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** Pending or Active; a completed bet reads Won or Lost from the viewer's side. */
export function BetStatusBadge({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  switch (bet.status) {
    case 'pending':
      return <Badge variant="warning">Pending</Badge>;
    case 'active':
      return <Badge>Active</Badge>;
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
