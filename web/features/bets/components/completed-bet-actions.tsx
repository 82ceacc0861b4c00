import { BadgeCheck, CircleCheck, Flag, HandCoins } from 'lucide-react';
import { useContext, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { settledInText } from '#domain/balance-rules.ts';
import { loserStake } from '#domain/bet-stakes.ts';
import { lostBetNote } from '#domain/pay-link.ts';
import { viewerBetActions } from '#domain/bet-actions.ts';
import type { Bet } from '#domain/bets.ts';
import { useConfirmPayment } from '../api/confirm-payment.ts';
import { useDisputeBet } from '../api/dispute-bet.ts';
import { useMarkPaymentSent } from '../api/mark-payment-sent.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { formatDollars, otherParty } from '../utils/bet-view.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { BetNote } from './bet-note.tsx';
import { BetReminderSlot } from './bet-reminder-slot.ts';
import { LazyDisputeDialog } from './lazy-bet-dialogs.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { PayButtons } from '#web/components/pay-buttons.tsx';

/** Settling up: the loser pays and marks it, the winner confirms, then it reads 'Payment Complete'. */
export function CompletedBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const markSent = useMarkPaymentSent({
    onSuccess: () =>
      toast.success('Payment Marked as Sent', {
        description: 'Waiting for the winner to confirm receipt.',
        form: betToastForm(bet.id),
      }),
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });
  const confirm = useConfirmPayment({
    onSuccess: () =>
      toast.success('Payment Confirmed', {
        description: 'The bet has been settled!',
        form: betToastForm(bet.id),
      }),
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });
  const reminder = useContext(BetReminderSlot);
  const [isDisputeOpen, setIsDisputeOpen] = useState(false);
  const dispute = useDisputeBet({
    onSuccess: () => {
      setIsDisputeOpen(false);
      toast.success('Bet Disputed', { description: 'The bet is active again.', form: betToastForm(bet.id) });
    },
    onError: (error) => {
      setIsDisputeOpen(false);
      toastBetError(error, { form: betToastForm(bet.id) });
    },
  });
  const other = otherParty(bet, viewerId);
  // What may be done comes from the rule the server answers with; the rest is what the card says meanwhile.
  const actions = viewerBetActions(bet, viewerId);
  // What the loser pays: their own stake (ADR 062).
  const owed = loserStake({ ...bet, creatorId: bet.creator.id, opponentId: bet.opponent.id });

  if (bet.settlement) {
    // Paid in one settle-up payment: confirmed with it, from the balance with the other party.
    return (
      <div className="grid gap-1">
        <BetNote>{settledInText(bet.settlement.amount)}</BetNote>
        {bet.settlement.confirmed ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <BadgeCheck className="size-4" aria-hidden />
            Payment Complete
          </p>
        ) : null}
      </div>
    );
  }
  if (bet.paymentSent && bet.paymentConfirmed) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
        <BadgeCheck className="size-4" aria-hidden />
        Payment Complete
      </p>
    );
  }
  if (actions.includes('confirmPayment')) {
    return (
      <div className="grid gap-2">
        <BetNote>
          {other.name} says they paid you {formatDollars(owed)}.
        </BetNote>
        <ActionButton icon={CircleCheck} isBusy={confirm.isPending} onClick={() => confirm.mutate(bet.id)}>
          Confirm Payment Received
        </ActionButton>
      </div>
    );
  }
  if (!actions.includes('markPaid')) {
    if (bet.winnerId === viewerId)
      return (
        <div className="grid gap-2">
          <BetNote>
            Waiting for {other.name} to pay you {formatDollars(owed)}
          </BetNote>
          {bet.reminder && reminder
            ? reminder({ betId: bet.id, loserName: other.name, availableAt: bet.reminder.availableAt })
            : null}
        </div>
      );
    return <BetNote>Payment sent. Waiting for {other.name} to confirm receipt.</BetNote>;
  }
  return (
    <div className="grid gap-2">
      <BetNote>
        You owe {other.name} {formatDollars(owed)}.
      </BetNote>
      <div className="flex flex-wrap gap-2">
        <PayButtons
          // The server answers the winner's apps to the loser; a bet this card holds from before that
          // answer still pays through the winner's Venmo handle, as it always could.
          payee={bet.payTo ?? { venmoHandle: other.venmoHandle, cashtag: null, paypalMe: null }}
          amount={owed}
          note={lostBetNote(bet.description)}
          grow
          className="min-w-36"
          toastForm={betToastForm(bet.id)}
        />
        <ActionButton
          icon={HandCoins}
          variant="outline"
          grow
          className="min-w-36"
          isBusy={markSent.isPending}
          onClick={() => markSent.mutate(bet.id)}
        >
          Mark Paid
        </ActionButton>
      </div>
      {actions.includes('dispute') ? (
        <>
          <ActionButton
            icon={Flag}
            variant="ghost"
            className="w-full text-muted-foreground"
            aria-haspopup="dialog"
            disabled={markSent.isPending || dispute.isPending}
            onClick={() => setIsDisputeOpen(true)}
          >
            Dispute
          </ActionButton>
          <LazyOverlay open={isDisputeOpen}>
            <LazyDisputeDialog
              betId={bet.id}
              claimantName={bet.referee?.user && bet.resolvedBy === bet.referee.user.id ? bet.referee.user.name : other.name}
              open={isDisputeOpen}
              onOpenChange={setIsDisputeOpen}
              isPending={dispute.isPending}
              onDispute={(reason, proof) => dispute.mutate({ betId: bet.id, reason, proof })}
            />
          </LazyOverlay>
        </>
      ) : null}
    </div>
  );
}
