import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { photoMessages } from '#domain/profile-rules.ts';
import { PROOF_MAX_SIDE_PX, type Proof, type ProofKind } from '#domain/proofs.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { proofPhotos } from '../db/schema/proofs.ts';
import { AppError } from './errors.ts';
import type { FileStorage } from './storage.ts';

// Refuses decompression bombs long before they reach memory (as avatars do).
const MAX_INPUT_PIXELS = 40_000_000;

/** A bet's or a pot's proof photos: the subject's id and which one it is. */
export type ProofSubject = { bet: string } | { pot: string };

const subjectId = (subject: ProofSubject) => ('bet' in subject ? subject.bet : subject.pot);
const subjectPath = (subject: ProofSubject) => ('bet' in subject ? `bets/${subject.bet}` : `pots/${subject.pot}`);
const subjectWhere = (subject: ProofSubject) =>
  'bet' in subject ? eq(proofPhotos.betId, subject.bet) : eq(proofPhotos.potId, subject.pot);

/**
 * Processed like avatars (ADR 027): decoded, turned upright by its EXIF orientation (`.rotate()` first),
 * shrunk to fit 1600 px without enlarging, re-encoded as WebP; metadata (GPS included) does not survive,
 * and anything that is not really an image is refused by its content.
 */
export async function reencodeProof(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROOF_MAX_SIDE_PX, PROOF_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
  }
}

/** Content-addressed, as avatar keys are: a key's bytes never change. */
function proofKey(subject: ProofSubject, webp: Buffer): string {
  return `proofs/${subjectId(subject)}/${createHash('sha256').update(webp).digest('hex').slice(0, 24)}.webp`;
}

/**
 * Stores the photo, then records it inside `authorize`'s transaction: `authorize` locks or re-checks the
 * subject in one statement, so a proof never lands on a bet that was voided (deleted) meanwhile. The blob
 * is written first; a refused row leaves an unreferenced blob, as a replaced avatar does.
 */
export async function addProof(
  db: Db,
  storage: FileStorage,
  input: { subject: ProofSubject; kind: ProofKind; userId: string; image: Buffer },
  authorize: (tx: Db) => Promise<void>,
): Promise<Proof> {
  const webp = await reencodeProof(input.image);
  const key = proofKey(input.subject, webp);
  await storage.put(key, webp, 'image/webp');
  const id = await db.transaction(async (tx) => {
    await authorize(tx);
    const [row] = await tx
      .insert(proofPhotos)
      .values({
        ...('bet' in input.subject ? { betId: input.subject.bet } : { potId: input.subject.pot }),
        kind: input.kind,
        addedBy: input.userId,
        storageKey: key,
      })
      .returning({ id: proofPhotos.id });
    if (!row) throw new AppError('INTERNAL');
    return row.id;
  });
  const [proof] = (await listProofs(db, input.subject)).filter((item) => item.id === id);
  if (!proof) throw new AppError('INTERNAL');
  return proof;
}

/** The subject's proof photos, oldest first. The caller has checked that the viewer may see the subject. */
export async function listProofs(db: Db, subject: ProofSubject): Promise<Proof[]> {
  const rows = await db
    .select({
      id: proofPhotos.id,
      kind: proofPhotos.kind,
      addedById: users.id,
      addedByName: users.name,
      createdAt: proofPhotos.createdAt,
    })
    .from(proofPhotos)
    .innerJoin(users, eq(users.id, proofPhotos.addedBy))
    .where(subjectWhere(subject))
    .orderBy(proofPhotos.createdAt, desc(sql`${proofPhotos.id}`));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    addedBy: { id: row.addedById, name: row.addedByName },
    url: `/api/${subjectPath(subject)}/proofs/${row.id}.webp`,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One proof photo's bytes, if it belongs to the subject. The caller has checked visibility. */
export async function readProof(db: Db, storage: FileStorage, subject: ProofSubject, proofId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ key: proofPhotos.storageKey })
    .from(proofPhotos)
    .where(sql`${proofPhotos.id} = ${proofId} and ${subjectWhere(subject)}`)
    .limit(1);
  return row ? storage.get(row.key) : null;
}
