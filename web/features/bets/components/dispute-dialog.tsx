import { useId, useState, type SyntheticEvent } from 'react';
import { DISPUTE_REASON_MAX } from '#domain/bet-rules.ts';
import { Input } from '#web/components/ui/input.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';

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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isPending={isPending}
      title="Dispute this result?"
      description={
        <>
          The bet goes back to active and {claimantName} is told. It can then end only with &apos;I Lost&apos;
          or a void you both agree to.
        </>
      }
      onSubmit={onSubmit}
      submitLabel="Dispute"
      submitVariant="destructive"
    >
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
    </FormDialog>
  );
}
