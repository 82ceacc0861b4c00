import type { Bet } from '../../../../domain/bets.ts';
import { ActiveBetActions } from './active-bet-actions.tsx';
import { CompletedBetActions } from './completed-bet-actions.tsx';
import { PendingBetActions } from './pending-bet-actions.tsx';

/** What the viewer can do with this bet now, by its state and their role (spec: "Bet card actions"). */
export function BetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  switch (bet.status) {
    case 'pending':
      return <PendingBetActions bet={bet} viewerId={viewerId} />;
    case 'active':
      return <ActiveBetActions bet={bet} viewerId={viewerId} />;
    case 'completed':
      return <CompletedBetActions bet={bet} viewerId={viewerId} />;
  }
}
