import { ArrowLeftRight, Check, X } from 'lucide-react';
import { useState } from 'react';
import { LazyConfirmDialog } from '#web/components/ui/lazy-confirm-dialog.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { toast } from '#web/lib/toast.ts';
import type { Bet } from '#domain/bets.ts';
import { useDeclineBet } from '../api/decline-bet.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { COUNTER_MAX, pendingAnswerer, stakeLabels } from '#domain/bet-stakes.ts';
import { useAcceptCounter } from '../api/accept-counter.ts';
import { LazyAcceptBetDialog, LazyCounterBetDialog } from './lazy-bet-dialogs.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { BetNote } from './bet-note.tsx';
import { RefereeWaitingNote } from './referee-actions.tsx';

/**
 * The party the bet waits on accepts (the opponent with an optional prediction, the creator a counter),
 * declines or counters (ADR 062); the other waits.
 */
export function PendingBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const [isAcceptOpen, setIsAcceptOpen] = useState(false);
  const [isCounterOpen, setIsCounterOpen] = useState(false);
  const acceptCounter = useAcceptCounter({
    onSuccess: () =>
      toast.success('Bet accepted', { description: 'The bet is now active!', form: betToastForm(bet.id) }),
    onError: (error) => toastBetError(error, { title: 'Error accepting bet', form: betToastForm(bet.id) }),
  });
  const isCreator = bet.creator.id === viewerId;
  const other = isCreator ? bet.opponent : bet.creator;
  // Declining deletes the bet for both (spec): asked first.
  const [isDeclineOpen, setIsDeclineOpen] = useState(false);
  const decline = useDeclineBet({
    onSettled: () => setIsDeclineOpen(false),
    onSuccess: () =>
      toast.success('Bet declined', { description: 'The bet has been removed.', form: betToastForm(bet.id) }),
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });

  // A refereed bet both parties agreed to waits for its referee (ADR 061).
  if (bet.referee?.opponentAccepted) return <RefereeWaitingNote bet={bet} />;
  const answerer = pendingAnswerer({ creatorId: bet.creator.id, opponentId: bet.opponent.id, counterCount: bet.counterCount });
  if (answerer !== viewerId) return <BetNote>Waiting for {other.name} to accept</BetNote>;

  return (
    <div className="flex flex-wrap gap-2">
      {isCreator ? (
        <ActionButton
          icon={Check}
          className="flex-1"
          isBusy={acceptCounter.isPending}
          disabled={decline.isPending}
          onClick={() => acceptCounter.mutate({ betId: bet.id, seenCounters: bet.counterCount })}
        >
          {stakeLabels.acceptCounter}
        </ActionButton>
      ) : (
        <ActionButton
          icon={Check}
          className="flex-1"
          disabled={decline.isPending}
          onClick={() => setIsAcceptOpen(true)}
        >
          Accept
        </ActionButton>
      )}
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
      {bet.counterCount < COUNTER_MAX ? (
        <ActionButton
          icon={ArrowLeftRight}
          variant="outline"
          className="flex-1"
          aria-haspopup="dialog"
          disabled={decline.isPending || acceptCounter.isPending}
          onClick={() => setIsCounterOpen(true)}
        >
          {stakeLabels.counter}
        </ActionButton>
      ) : null}
      <LazyOverlay open={isCounterOpen}>
        <LazyCounterBetDialog
          bet={bet}
          viewerId={viewerId}
          open={isCounterOpen}
          onOpenChange={setIsCounterOpen}
        />
      </LazyOverlay>
      <LazyOverlay open={isDeclineOpen}>
        <LazyConfirmDialog
          open={isDeclineOpen}
          onOpenChange={setIsDeclineOpen}
          title="Decline this bet?"
          description={`The bet with ${other.name} is removed for both of you. This cannot be undone.`}
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
