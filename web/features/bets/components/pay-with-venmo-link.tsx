import { ExternalLink } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { betMessages, venmoPayLink } from '../../../../domain/bet-rules.ts';
import type { Bet } from '../../../../domain/bets.ts';
import { Button } from '../../../components/ui/button.tsx';

/** The loser's deep link into Venmo, paying the winner's handle the bet amount. */
export function PayWithVenmoLink({ bet, winner }: { bet: Bet; winner: Bet['creator'] }) {
  const href = venmoPayLink({
    winnerHandle: winner.venmoHandle,
    amount: bet.amount,
    description: bet.description,
  });
  if (href === null) {
    // Still offered, so the loser learns why they can't pay here rather than seeing nothing.
    const { title, message } = betMessages.noVenmoHandle;
    return (
      <Button size="sm" className="flex-1" onClick={() => toast.error(title, { description: message })}>
        <ExternalLink aria-hidden />
        Pay with Venmo
      </Button>
    );
  }
  return (
    <Button asChild size="sm" className="flex-1">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden />
        Pay with Venmo
      </a>
    </Button>
  );
}
