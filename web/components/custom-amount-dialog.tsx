import { useId, useState, type SyntheticEvent } from 'react';
import { toast } from '../lib/toast.ts';
import {
  BET_AMOUNT_MAX,
  BET_AMOUNT_MIN,
  betMessages,
  parseCustomAmount,
} from '#domain/bet-rules.ts';
import { Input } from './ui/input.tsx';
import { FormDialog } from './ui/form-dialog.tsx';
import { Label } from './ui/label.tsx';

type CustomAmountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The custom amount chosen before, to edit it. */
  initialAmount: number | null;
  onConfirm: (amount: number) => void;
};

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());

/** 'Enter Custom Amount': a whole number of dollars, at least 1. */
export function CustomAmountDialog({
  open,
  onOpenChange,
  initialAmount,
  onConfirm,
}: CustomAmountDialogProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  // False, not `open`: mounted already open (it loads on the first opening), it must still start from
  // the current custom amount.
  const [wasOpen, setWasOpen] = useState(false);
  // Each opening starts from the current custom amount, not from what was typed and cancelled.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setText(initialAmount === null ? '' : String(initialAmount));
  }

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog is portaled, but React bubbles its submit to the place-bet form around the Custom tile.
    event.stopPropagation();
    const amount = parseCustomAmount(text);
    if (amount === null) {
      const { title, message } =
        isWholeNumber(text) && Number(text) > BET_AMOUNT_MAX
          ? betMessages.amountTooLarge
          : betMessages.invalidAmountDialog;
      toast.error(title, { description: message });
      return;
    }
    onConfirm(amount);
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Enter Custom Amount"
      description="Whole dollars, from $1 to $10,000."
      onSubmit={onSubmit}
      submitLabel="Confirm"
      noValidate
    >
      <Label htmlFor={inputId}>Amount in dollars</Label>
      <div className="relative">
        <span aria-hidden className="absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
          $
        </span>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={BET_AMOUNT_MIN}
          max={BET_AMOUNT_MAX}
          step={1}
          placeholder="25"
          className="pl-7"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}
