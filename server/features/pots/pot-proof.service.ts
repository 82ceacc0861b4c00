import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { proofTexts, type Proof } from '#domain/proofs.ts';
import type { Db } from '#server/db/client.ts';
import { queryOne } from '#server/db/query.ts';
import { AppError } from '#server/lib/errors.ts';
import { addProof, listProofs, readProof } from '#server/lib/proof-images.ts';
import type { FileStorage } from '#server/lib/storage.ts';
import { canSeePot, peopleOf, type PotEffects } from './pots.service.ts';

const notFound = () => new AppError('NOT_FOUND', 'Pot not found.');

async function requireVisiblePot(db: Db, userId: string, potId: string): Promise<void> {
  const row = await queryOne(db, sql`select 1 as one from pot p where p.id = ${potId} and ${canSeePot(userId)}`, z.object({ one: z.number() }));
  if (!row) throw notFound();
}

/**
 * The pot's decider adds proof of the result (ADR 061): the creator of a pot they decide, or its accepted
 * referee; before 'Declare Result' or after, while the pot is not cancelled. Read on the pot row held FOR
 * SHARE until the proof row is written, so a cancel or a referee change cannot slip in between.
 */
async function authorize(tx: Db, userId: string, potId: string): Promise<void> {
  const row = await queryOne(
    tx,
    sql`select ${canSeePot(userId)} as seen,
        p.status <> 'cancelled' and ((p.decider = 'me' and p.creator_id = ${userId})
          or (p.decider = 'referee' and p.referee_id = ${userId} and p.referee_accepted_at is not null)) as ok
      from pot p where p.id = ${potId} for share of p`,
    z.object({ seen: z.boolean(), ok: z.boolean().nullable() }),
  );
  if (!row?.seen) throw notFound();
  if (!row.ok) throw new AppError('FORBIDDEN', proofTexts.noPermission);
}

export async function addPotProof(
  db: Db,
  storage: FileStorage,
  effects: PotEffects,
  input: { userId: string; potId: string; image: Buffer },
): Promise<Proof> {
  await requireVisiblePot(db, input.userId, input.potId);
  const proof = await addProof(db, storage, { subject: { pot: input.potId }, kind: 'result', userId: input.userId, image: input.image }, (tx) =>
    authorize(tx, input.userId, input.potId),
  );
  await effects.publish(await peopleOf(db, input.potId), { kind: 'pots' });
  return proof;
}

export async function listPotProofs(db: Db, userId: string, potId: string): Promise<Proof[]> {
  await requireVisiblePot(db, userId, potId);
  return listProofs(db, { pot: potId });
}

export async function readPotProof(db: Db, storage: FileStorage, userId: string, potId: string, proofId: string): Promise<Buffer> {
  await requireVisiblePot(db, userId, potId);
  const data = await readProof(db, storage, { pot: potId }, proofId);
  if (!data) throw new AppError('NOT_FOUND');
  return data;
}
