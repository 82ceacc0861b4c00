import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { proofTexts, type Proof } from '#domain/proofs.ts';
import type { Db } from '#server/db/client.ts';
import { queryOne } from '#server/db/query.ts';
import type { BetEffects } from '#server/lib/bet-effects.ts';
import { AppError } from '#server/lib/errors.ts';
import { addProof, listProofs, readProof } from '#server/lib/proof-images.ts';
import type { FileStorage } from '#server/lib/storage.ts';
import { requireVisibleBet, viewersOf } from '#server/lib/visibility.ts';

/** Which proof a user is adding: with their resolution ('I Won', a referee's decision) or with a dispute. */
export type BetProofKind = 'resolution' | 'dispute';

/**
 * Who may add which proof (ADR 061), read in one statement on the bet row held FOR SHARE until the proof
 * row is written, so a void (which deletes the bet) cannot slip in between:
 * - resolution: the one who resolved it with 'I Won' or as referee, while it stays resolved;
 * - dispute: a party of a bet under dispute (active again, `disputed_at` set).
 */
async function authorize(tx: Db, userId: string, betId: string, kind: BetProofKind): Promise<void> {
  const allowed =
    kind === 'resolution'
      ? sql`b.status = 'completed' and b.resolution = 'won' and b.resolved_by = ${userId}`
      : sql`b.status = 'active' and b.disputed_at is not null and ${userId} in (b.created_by, b.opponent_id)`;
  const row = await queryOne(
    tx,
    sql`select ${allowed} as ok from bet b where b.id = ${betId} for share`,
    z.object({ ok: z.boolean().nullable() }),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Bet not found.');
  if (!row.ok) throw new AppError('FORBIDDEN', proofTexts.noPermission);
}

export async function addBetProof(
  db: Db,
  storage: FileStorage,
  effects: BetEffects,
  input: { userId: string; betId: string; kind: BetProofKind; image: Buffer },
): Promise<Proof> {
  const bet = await requireVisibleBet(db, input.userId, input.betId);
  const proof = await addProof(db, storage, { subject: { bet: bet.id }, kind: input.kind, userId: input.userId, image: input.image }, (tx) =>
    authorize(tx, input.userId, bet.id, input.kind),
  );
  await effects.publish(await viewersOf(db, bet), { kind: 'bets', betId: bet.id });
  return proof;
}

export async function listBetProofs(db: Db, userId: string, betId: string): Promise<Proof[]> {
  await requireVisibleBet(db, userId, betId);
  return listProofs(db, { bet: betId });
}

export async function readBetProof(db: Db, storage: FileStorage, userId: string, betId: string, proofId: string): Promise<Buffer> {
  await requireVisibleBet(db, userId, betId);
  const data = await readProof(db, storage, { bet: betId }, proofId);
  if (!data) throw new AppError('NOT_FOUND');
  return data;
}
