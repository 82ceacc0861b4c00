import type { ProofKind } from '#domain/proofs.ts';
import { api, unwrap } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Whose proof photos: a bet's or a pot's (ADR 061). */
export type ProofSubject = { bet: string } | { pot: string };

export function proofsQueryKey(subject: ProofSubject) {
  return 'bet' in subject ? queryKeys.betProofs(subject.bet) : queryKeys.potProofs(subject.pot);
}

export async function getProofs(subject: ProofSubject) {
  return 'bet' in subject
    ? unwrap(await api.bets[':id'].proofs.$get({ param: { id: subject.bet } }))
    : unwrap(await api.pots[':id'].proofs.$get({ param: { id: subject.pot } }));
}

/** The body is the file itself (no multipart), as the avatar upload's, so the server caps the stream at 5 MB. */
export async function uploadProof({ subject, file, kind }: { subject: ProofSubject; file: File; kind?: Extract<ProofKind, 'resolution' | 'dispute'> }) {
  const init = { init: { body: file, headers: { 'Content-Type': file.type } } };
  return 'bet' in subject
    ? unwrap(await api.bets[':id'].proofs.$post({ param: { id: subject.bet }, query: { kind: kind ?? 'resolution' } }, init))
    : unwrap(await api.pots[':id'].proofs.$post({ param: { id: subject.pot } }, init));
}
