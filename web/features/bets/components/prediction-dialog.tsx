import { useId, useState, type SyntheticEvent } from 'react';
import { COMMENT_MAX } from '../../../../domain/bets.ts';
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
import { formatDollars } from '../utils/bet-view.ts';
import { ActionButton } from './action-button.tsx';

type PredictionDialogProps = {
  terms: { creatorName: string; amount: number; description: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onAccept: (prediction: string | undefined) => void;
};

/**
 * The accept dialog: an optional prediction that becomes the bet's first
 * comment. Accepting a bet and taking a challenge link both use it.
 */
export function PredictionDialog({ terms, open, onOpenChange, isPending, onAccept }: PredictionDialogProps) {
  const inputId = useId();
  const [prediction, setPrediction] = useState('');

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onAccept(prediction.trim() || undefined);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome; the request finishes first.
        if (!isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Accept Bet</DialogTitle>
            <DialogDescription>
              {terms.creatorName} bets you {formatDollars(terms.amount)}: {terms.description}
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
            <Button type="button" variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <ActionButton type="submit" size="default" isBusy={isPending}>
              Accept
            </ActionButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
