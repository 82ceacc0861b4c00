import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Bet } from '../../../../domain/bets.ts';
import { useDeclineBet } from '../api/decline-bet.ts';
import { toastBetError } from '../utils/bet-toasts.ts';
import { AcceptBetDialog } from './accept-bet-dialog.tsx';
import { ActionButton } from './action-button.tsx';
import { BetNote } from './bet-note.tsx';

/** The opponent accepts (with an optional prediction) or declines; the creator waits. */
export function PendingBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const [isAcceptOpen, setIsAcceptOpen] = useState(false);
  const decline = useDeclineBet({
    onSuccess: () => toast.success('Bet declined', { description: 'The bet has been removed.' }),
    onError: (error) => toastBetError(error),
  });

  if (bet.opponent.id !== viewerId) return <BetNote>Waiting for {bet.opponent.name} to accept</BetNote>;

  return (
    <div className="flex gap-2">
      <ActionButton
        icon={Check}
        className="flex-1"
        disabled={decline.isPending}
        onClick={() => setIsAcceptOpen(true)}
      >
        Accept
      </ActionButton>
      <ActionButton
        icon={X}
        variant="outline"
        className="flex-1"
        isBusy={decline.isPending}
        onClick={() => decline.mutate(bet.id)}
      >
        Decline
      </ActionButton>
      <AcceptBetDialog bet={bet} open={isAcceptOpen} onOpenChange={setIsAcceptOpen} />
    </div>
  );
}
