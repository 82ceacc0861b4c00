import type { Bet } from '#domain/bets.ts';
import { ActiveBetActions } from './active-bet-actions.tsx';
import { CompletedBetActions } from './completed-bet-actions.tsx';
import { PendingBetActions } from './pending-bet-actions.tsx';

/** What the viewer can do with this bet now, by its state and their role (spec: "Bet card actions"). */
export function BetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  // When an action replaces the focused button ('Accept' becomes 'I Won'), focus goes to the next one here.
  return (
    <div data-focus-home="actions" data-focus-key={bet.id} className="contents">
      {bet.status === 'pending' ? <PendingBetActions bet={bet} viewerId={viewerId} /> : null}
      {bet.status === 'active' ? <ActiveBetActions bet={bet} viewerId={viewerId} /> : null}
      {bet.status === 'completed' ? <CompletedBetActions bet={bet} viewerId={viewerId} /> : null}
    </div>
  );
}
