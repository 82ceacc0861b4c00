import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_SIZE_PX, photoMessages } from '../../../domain/profiles.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';

// Refuses decompression bombs long before they reach memory.
const MAX_INPUT_PIXELS = 40_000_000;

export function avatarKey(userId: string): string {
  return `avatars/${userId}.webp`;
}

/**
 * Decodes whatever the user sent, applies EXIF orientation, crops to a
 * 256×256 square and re-encodes as WebP: metadata (GPS included) is gone and
 * anything that is not really an image is refused by its content.
 */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
  }
}

/**
 * The URL version is a hash of the stored WebP: the same photo keeps its
 * cached URL, and two different photos never share one, however close in
 * time they arrive (a clock-based version could collide within a millisecond).
 */
export function avatarVersion(webp: Buffer): string {
  return createHash('sha256').update(webp).digest('hex').slice(0, 16);
}

/**
 * The file and the URL are replaced under the user's row lock, so with
 * concurrent uploads the last one to commit wins both: the stored URL always
 * serves the photo it was issued for.
 */
export async function saveAvatar(db: Db, storage: FileStorage, userId: string, input: Buffer): Promise<string> {
  const webp = await reencodeAvatar(input);
  // The version makes the URL change with the photo, so it can be cached forever.
  const image = `/api/avatars/${userId}.webp?v=${avatarVersion(webp)}`;
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await storage.put(avatarKey(userId), webp);
    await tx.update(users).set({ image }).where(eq(users.id, userId));
  });
  return image;
}
