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

export async function saveAvatar(db: Db, storage: FileStorage, userId: string, input: Buffer): Promise<string> {
  const webp = await reencodeAvatar(input);
  await storage.put(avatarKey(userId), webp);
  // The version makes the URL change with the photo, so it can be cached forever.
  const image = `/api/avatars/${userId}.webp?v=${Date.now().toString(36)}`;
  await db.update(users).set({ image }).where(eq(users.id, userId));
  return image;
}
