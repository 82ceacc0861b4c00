import { useId, useState, type SyntheticEvent } from 'react';
import { COUNTER_NOTE_MAX } from '#domain/bet-stakes.ts';
import { checkBetAmount } from '#domain/bet-rules.ts';
import type { Bet } from '#domain/bets.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { toast } from '#web/lib/toast.ts';
import { betToastForm, toastBetError } from '#web/lib/bet-toasts.ts';
import { useCounterBet } from '../api/counter-bet.ts';
import { OddsFields, OddsTabs, parseStake, type OddsDraft } from './stakes-fields.tsx';

type CounterBetDialogProps = {
  bet: Bet;
  viewerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Counter': other stakes, even or odds, and an optional note; the bet then waits on the other side. */
export function CounterBetDialog({ bet, viewerId, open, onOpenChange }: CounterBetDialogProps) {
  const panelId = useId();
  const isCreator = bet.creator.id === viewerId;
  const mine = isCreator ? bet.creatorStake : bet.opponentStake;
  const theirs = isCreator ? bet.opponentStake : bet.creatorStake;
  const [isOdds, setIsOdds] = useState(mine !== theirs);
  const [odds, setOdds] = useState<OddsDraft>({ mine: String(mine), theirs: String(theirs) });
  const [even, setEven] = useState(String(mine));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ mine?: string; theirs?: string }>({});
  const counter = useCounterBet({
    onSuccess: () => {
      toast.success('Counter sent', {
        description: 'The bet now waits on their answer.',
        form: betToastForm(bet.id),
      });
      onOpenChange(false);
    },
    onError: (error) => toastBetError(error, { form: betToastForm(bet.id) }),
  });

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const myStake = parseStake(isOdds ? odds.mine : even);
    const theirStake = isOdds ? parseStake(odds.theirs) : myStake;
    const mineFailure = checkBetAmount(myStake);
    const theirsFailure = checkBetAmount(theirStake);
    if (mineFailure || theirsFailure || myStake === null || theirStake === null) {
      setErrors({ mine: mineFailure?.message, theirs: isOdds ? theirsFailure?.message : undefined });
      return;
    }
    setErrors({});
    counter.mutate({
      betId: bet.id,
      creatorStake: isCreator ? myStake : theirStake,
      opponentStake: isCreator ? theirStake : myStake,
      seenCounters: bet.counterCount,
      ...(note.trim() ? { note } : {}),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isPending={counter.isPending}
      title="Counter this bet"
      description={`Propose other stakes for "${bet.description}".`}
      onSubmit={onSubmit}
      submitLabel="Send Counter"
    >
      <OddsTabs isOdds={isOdds} onChange={setIsOdds} controls={panelId} />
      <div id={panelId} className="grid gap-3">
        {isOdds ? (
          <OddsFields value={odds} onChange={setOdds} mineError={errors.mine} theirsError={errors.theirs} />
        ) : (
          <TextField
            label="Amount"
            inputMode="numeric"
            autoComplete="off"
            value={even}
            error={errors.mine}
            onChange={(event) => setEven(event.target.value)}
          />
        )}
      </div>
      <TextField
        label="Note (optional)"
        value={note}
        maxLength={COUNTER_NOTE_MAX}
        placeholder="e.g. Make it $15 and you're on"
        onChange={(event) => setNote(event.target.value)}
      />
    </FormDialog>
  );
}
