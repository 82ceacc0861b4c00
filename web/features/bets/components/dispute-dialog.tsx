import { useId, useState, type SyntheticEvent } from 'react';
import { DISPUTE_REASON_MAX } from '#domain/bet-rules.ts';
import { Input } from '#web/components/ui/input.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { ProofPhotos } from '#web/components/proof-photos.tsx';
import { checkPhoto } from '#domain/profile-rules.ts';
import { proofTexts } from '#domain/proofs.ts';

type DisputeDialogProps = {
  betId: string;
  claimantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onDispute: (reason: string | undefined, proof: File | null) => void;
};

/** "Are you sure?" before disputing an 'I Won', with an optional reason the claimant sees. */
export function DisputeDialog({
  betId,
  claimantName,
  open,
  onOpenChange,
  isPending,
  onDispute,
}: DisputeDialogProps) {
  const inputId = useId();
  const fileId = useId();
  const [reason, setReason] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (proofError) return;
    onDispute(reason.trim() || undefined, proof);
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
      {/* The claim's proof, if any, beside the photo the dispute may attach (ADR 061). */}
      <ProofPhotos subject={{ bet: betId }} canAdd={false} />
      <label htmlFor={fileId} className="text-sm">
        {proofTexts.addProof} (optional)
      </label>
      <input
        id={fileId}
        type="file"
        accept="image/*"
        className="text-sm"
        aria-invalid={proofError !== null || undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          const failed = file ? checkPhoto(file) : null;
          setProofError(failed ? failed.message : null);
          setProof(failed ? null : file);
        }}
      />
      {proofError ? <p className="text-sm text-destructive">{proofError}</p> : null}
    </FormDialog>
  );
}
