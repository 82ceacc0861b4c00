import { randomInt } from 'node:crypto';
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

/** Base-36 time plus randomness: two uploads in one millisecond still get different URLs. */
function newVersion(): string {
  return `${Date.now().toString(36)}${randomInt(36 ** 4).toString(36).padStart(4, '0')}`;
}

/**
 * The file and the URL are replaced under the user's row lock, so with
 * concurrent uploads the last one to commit wins both: the stored URL always
 * serves the photo it was issued for.
 */
export async function saveAvatar(db: Db, storage: FileStorage, userId: string, input: Buffer): Promise<string> {
  const webp = await reencodeAvatar(input);
  // The version makes the URL change with the photo, so it can be cached forever.
  const image = `/api/avatars/${userId}.webp?v=${newVersion()}`;
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await storage.put(avatarKey(userId), webp);
    await tx.update(users).set({ image }).where(eq(users.id, userId));
  });
  return image;
}
