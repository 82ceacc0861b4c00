import { useId, useState, type SyntheticEvent } from 'react';
import { COMMENT_MAX } from '#domain/bet-rules.ts';
import { Input } from './ui/input.tsx';
import { formatDollars } from '#domain/money.ts';
import { FormDialog } from './ui/form-dialog.tsx';

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
    // Closing mid-request would hide the outcome: FormDialog stays open while isPending.
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isPending={isPending}
      title="Accept Bet"
      description={`${terms.creatorName} bets you ${formatDollars(terms.amount)}: ${terms.description}`}
      onSubmit={onSubmit}
      submitLabel="Accept"
    >
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
    </FormDialog>
  );
}
