import { useId, useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { COMMENT_MAX, type Bet } from '../../../../domain/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAcceptBet } from '../api/accept-bet.ts';
import { formatDollars } from '../utils/bet-view.ts';
import { toastBetError } from '../utils/bet-toasts.ts';
import { ActionButton } from './action-button.tsx';

type AcceptBetDialogProps = { bet: Bet; open: boolean; onOpenChange: (open: boolean) => void };

/** Accepting a bet, with an optional prediction that becomes the bet's first comment. */
export function AcceptBetDialog({ bet, open, onOpenChange }: AcceptBetDialogProps) {
  const inputId = useId();
  const [prediction, setPrediction] = useState('');
  const accept = useAcceptBet({
    onSuccess: () => {
      toast.success('Bet accepted', { description: 'The bet is now active!' });
      onOpenChange(false);
    },
    // The dialog stays open with the prediction kept, so nothing typed is lost.
    onError: (error) => toastBetError(error, { title: 'Error accepting bet' }),
  });

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    accept.mutate({ betId: bet.id, prediction: prediction.trim() || undefined });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome; the request finishes first.
        if (!accept.isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Accept Bet</DialogTitle>
            <DialogDescription>
              {bet.creator.name} bets you {formatDollars(bet.amount)}: {bet.description}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <label htmlFor={inputId} className="text-sm">
              Share your prediction before accepting this bet:
            </label>
            <Input
              id={inputId}
              value={prediction}
              maxLength={COMMENT_MAX}
              placeholder="Optional, e.g. Easy money!"
              onChange={(event) => setPrediction(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={accept.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <ActionButton type="submit" size="default" isBusy={accept.isPending}>
              Accept
            </ActionButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
