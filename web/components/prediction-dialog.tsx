import { useId, useState, type SyntheticEvent } from 'react';
import { COMMENT_MAX } from '#domain/bet-rules.ts';
import { Input } from './ui/input.tsx';
import { formatDollars } from '#domain/money.ts';
import { formatStakes } from '#domain/bet-stakes.ts';
import { FormDialog } from './ui/form-dialog.tsx';

type PredictionDialogProps = {
  /** `amount` is the creator's stake; `opponentStake`, the accepter's, only when it differs (odds, ADR 062). */
  terms: { creatorName: string; amount: number; opponentStake?: number; description: string };
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
  const stakes = { creatorStake: terms.amount, opponentStake: terms.opponentStake ?? terms.amount };
  // An uneven bet reads as its card does (the creator's stake first), then says plainly what the accepter
  // risks and may win (ADR 066); an even bet keeps its one amount.
  const isEven = stakes.opponentStake === stakes.creatorStake;

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
      description={`${terms.creatorName} bets you ${formatStakes(stakes)}: ${terms.description}`}
      onSubmit={onSubmit}
      submitLabel="Accept"
    >
      {isEven ? null : (
        <p className="mb-2 rounded-md bg-muted px-3 py-2 text-sm font-medium">
          You risk {formatDollars(stakes.opponentStake)} to win {formatDollars(stakes.creatorStake)}.
        </p>
      )}
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
