import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { LazyConfirmDialog } from '#web/components/ui/lazy-confirm-dialog.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { toast } from '#web/lib/toast.ts';
import type { Bet } from '#domain/bets.ts';
import { useDeclineBet } from '../api/decline-bet.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { LazyAcceptBetDialog } from './lazy-bet-dialogs.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { BetNote } from './bet-note.tsx';
import { RefereeWaitingNote } from './referee-actions.tsx';

/** The opponent accepts (with an optional prediction) or declines; the creator waits. */
export function PendingBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const [isAcceptOpen, setIsAcceptOpen] = useState(false);
  // Declining deletes the bet for both (spec): asked first.
  const [isDeclineOpen, setIsDeclineOpen] = useState(false);
  const decline = useDeclineBet({
    onSettled: () => setIsDeclineOpen(false),
    onSuccess: () =>
      toast.success('Bet declined', { description: 'The bet has been removed.', form: betToastForm(bet.id) }),
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });

  // A refereed bet the opponent accepted waits for its referee (ADR 061).
  if (bet.referee?.opponentAccepted) return <RefereeWaitingNote bet={bet} />;
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
        aria-haspopup="dialog"
        onClick={() => setIsDeclineOpen(true)}
      >
        Decline
      </ActionButton>
      <LazyOverlay open={isDeclineOpen}>
        <LazyConfirmDialog
          open={isDeclineOpen}
          onOpenChange={setIsDeclineOpen}
          title="Decline this bet?"
          description={`The bet with ${bet.creator.name} is removed for both of you. This cannot be undone.`}
          confirmLabel="Decline"
          cancelLabel="Keep Bet"
          isBusy={decline.isPending}
          onConfirm={() => decline.mutate(bet.id)}
        />
      </LazyOverlay>
      <LazyOverlay open={isAcceptOpen}>
        <LazyAcceptBetDialog bet={bet} open={isAcceptOpen} onOpenChange={setIsAcceptOpen} />
      </LazyOverlay>
    </div>
  );
}
