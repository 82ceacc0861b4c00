import { BadgeCheck, CircleCheck, HandCoins } from 'lucide-react';
import { toast } from 'sonner';
import type { Bet } from '../../../../domain/bets.ts';
import { useConfirmPayment } from '../api/confirm-payment.ts';
import { useMarkPaymentSent } from '../api/mark-payment-sent.ts';
import { toastBetError } from '../utils/bet-toasts.ts';
import { formatDollars, otherParty } from '../utils/bet-view.ts';
import { ActionButton } from './action-button.tsx';
import { BetNote } from './bet-note.tsx';
import { PayWithVenmoLink } from './pay-with-venmo-link.tsx';

/** Settling up: the loser pays and marks it, the winner confirms, then it reads 'Payment Complete'. */
export function CompletedBetActions({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const markSent = useMarkPaymentSent({
    onSuccess: () =>
      toast.success('Payment Marked as Sent', { description: 'Waiting for the winner to confirm receipt.' }),
    onError: (error) => toastBetError(error),
  });
  const confirm = useConfirmPayment({
    onSuccess: () => toast.success('Payment Confirmed', { description: 'The bet has been settled!' }),
    onError: (error) => toastBetError(error),
  });
  const other = otherParty(bet, viewerId);
  const isWinner = bet.winnerId === viewerId;

  if (bet.paymentSent && bet.paymentConfirmed) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
        <BadgeCheck className="size-4" aria-hidden />
        Payment Complete
      </p>
    );
  }
  if (isWinner) {
    if (!bet.paymentSent)
      return (
        <BetNote>
          Waiting for {other.name} to pay you {formatDollars(bet.amount)}
        </BetNote>
      );
    return (
      <div className="grid gap-2">
        <BetNote>
          {other.name} says they paid you {formatDollars(bet.amount)}.
        </BetNote>
        <ActionButton icon={CircleCheck} isBusy={confirm.isPending} onClick={() => confirm.mutate(bet.id)}>
          Confirm Payment Received
        </ActionButton>
      </div>
    );
  }
  if (bet.paymentSent) return <BetNote>Payment sent. Waiting for {other.name} to confirm receipt.</BetNote>;
  return (
    <div className="grid gap-2">
      <BetNote>
        You owe {other.name} {formatDollars(bet.amount)}.
      </BetNote>
      <div className="flex gap-2">
        <PayWithVenmoLink bet={bet} winner={other} />
        <ActionButton
          icon={HandCoins}
          variant="outline"
          className="flex-1"
          isBusy={markSent.isPending}
          onClick={() => markSent.mutate(bet.id)}
        >
          Mark Paid
        </ActionButton>
      </div>
    </div>
  );
}
