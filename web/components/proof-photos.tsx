import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useId, useRef } from 'react';
import { checkPhoto } from '#domain/profile-rules.ts';
import { proofCaption, proofTexts, type ProofKind } from '#domain/proofs.ts';
import { getProofs, proofsQueryKey, uploadProof, type ProofSubject } from '../lib/proofs-api.ts';
import { toast } from '../lib/toast.ts';
import { ActionButton } from './ui/action-button.tsx';

type ProofPhotosProps = {
  subject: ProofSubject;
  /** The viewer may add proof now (the server decides again). */
  canAdd: boolean;
  kind?: Extract<ProofKind, 'resolution' | 'dispute'>;
  /** Shown when there is no photo and nothing to add: nothing rendered. */
  className?: string;
};

/**
 * A bet's or a pot's proof photos with their captions, and 'Add Proof' for whoever may add one
 * (ADR 061). Photos are re-encoded by the server; a file that is not an image or is over 5 MB is refused here first.
 */
export function ProofPhotos({ subject, canAdd, kind, className }: ProofPhotosProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryKey = proofsQueryKey(subject);
  const proofs = useQuery({ queryKey, queryFn: () => getProofs(subject) });
  const upload = useMutation({
    mutationFn: uploadProof,
    onSuccess: async () => {
      toast.success(proofTexts.added);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error('Upload failed', { description: error.message }),
  });
  const items = proofs.data ?? [];
  if (items.length === 0 && !canAdd) return null;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const failed = checkPhoto(file);
    if (failed) {
      toast.error(failed.title, { description: failed.message });
      return;
    }
    upload.mutate({ subject, file, kind });
  };

  return (
    <section aria-labelledby={headingId} className={className ?? 'grid gap-3'}>
      <h2 id={headingId} className="text-base font-semibold">
        {proofTexts.proof}
      </h2>
      {items.map((proof) => (
        <figure key={proof.id} className="grid gap-1">
          <img src={proof.url} alt={proofCaption(proof)} loading="lazy" className="max-h-80 w-full rounded-lg border object-contain" />
          <figcaption className="text-xs text-muted-foreground">{proofCaption(proof)}</figcaption>
        </figure>
      ))}
      {canAdd ? (
        <>
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <ActionButton icon={Camera} variant="outline" isBusy={upload.isPending} onClick={() => input.current?.click()}>
            {proofTexts.addProof}
          </ActionButton>
        </>
      ) : null}
    </section>
  );
}
