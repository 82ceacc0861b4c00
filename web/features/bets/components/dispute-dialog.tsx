import { useId, useState, type SyntheticEvent } from 'react';
import { DISPUTE_REASON_MAX } from '../../../../domain/bets.ts';
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
import { ActionButton } from './action-button.tsx';

type DisputeDialogProps = {
  claimantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onDispute: (reason: string | undefined) => void;
};

/** "Are you sure?" before disputing an 'I Won', with an optional reason the claimant sees. */
export function DisputeDialog({
  claimantName,
  open,
  onOpenChange,
  isPending,
  onDispute,
}: DisputeDialogProps) {
  const inputId = useId();
  const [reason, setReason] = useState('');

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onDispute(reason.trim() || undefined);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Dispute this result?</DialogTitle>
            <DialogDescription>
              The bet goes back to active and {claimantName} is told. It can then end only with &apos;I
              Lost&apos; or a void you both agree to.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <label htmlFor={inputId} className="text-sm">
              Reason (optional)
            </label>
            <Input
              id={inputId}
              value={reason}
              maxLength={DISPUTE_REASON_MAX}
              placeholder="e.g. The game went to overtime"
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <ActionButton type="submit" size="default" variant="destructive" isBusy={isPending}>
              Dispute
            </ActionButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
