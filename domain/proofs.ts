import { z } from 'zod';

/** What a proof photo goes with (ADR 061). */
export const proofKinds = ['resolution', 'dispute', 'result'] as const;
export type ProofKind = (typeof proofKinds)[number];

/** Proof photos are checked and refused like avatars: any image, at most 5 MB, re-encoded by the server. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The longest side a stored proof photo keeps: readable on any phone, ~200 KB as WebP. */
export const PROOF_MAX_SIDE_PX = 1600;

export const proofTexts = {
  addProof: 'Add Proof',
  proof: 'Proof',
  added: 'Proof added',
  noPermission: 'You cannot add proof to this.',
} as const;

export const proofSchema = z.object({
  id: z.string(),
  kind: z.enum(proofKinds),
  addedBy: z.object({ id: z.string(), name: z.string() }),
  /** Served only to those who may see the bet or pot. */
  url: z.string(),
  createdAt: z.string(),
});
export type Proof = z.infer<typeof proofSchema>;

/** The line under a proof photo. */
export function proofCaption(proof: Pick<Proof, 'kind' | 'addedBy'>): string {
  switch (proof.kind) {
    case 'resolution':
      return `Proof from ${proof.addedBy.name}`;
    case 'dispute':
      return `Dispute proof from ${proof.addedBy.name}`;
    case 'result':
      return `Proof from ${proof.addedBy.name}`;
  }
}
