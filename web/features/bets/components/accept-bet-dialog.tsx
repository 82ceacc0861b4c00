import { toast } from '#web/lib/toast.ts';
import type { Bet } from '#domain/bets.ts';
import { useAcceptBet } from '../api/accept-bet.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { PredictionDialog } from '#web/components/prediction-dialog.tsx';

type AcceptBetDialogProps = { bet: Bet; open: boolean; onOpenChange: (open: boolean) => void };

/** Accepting a bet, with an optional prediction that becomes the bet's first comment. */
export function AcceptBetDialog({ bet, open, onOpenChange }: AcceptBetDialogProps) {
  const accept = useAcceptBet({
    onSuccess: () => {
      toast.success('Bet accepted', { description: 'The bet is now active!', form: betToastForm(bet.id) });
      onOpenChange(false);
    },
    // The dialog stays open with the prediction kept, so nothing typed is lost.
    onError: (error) => toastBetError(error, { title: 'Error accepting bet', form: betToastForm(bet.id) }),
  });

  return (
    <PredictionDialog
      terms={{
        creatorName: bet.creator.name,
        amount: bet.creatorStake,
        opponentStake: bet.opponentStake,
        description: bet.description,
      }}
      open={open}
      onOpenChange={onOpenChange}
      isPending={accept.isPending}
      onAccept={(prediction) => accept.mutate({ betId: bet.id, prediction, seenCounters: bet.counterCount })}
    />
  );
}
