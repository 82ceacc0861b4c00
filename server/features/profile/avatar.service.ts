import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_SIZE_PX, photoMessages } from '#domain/profiles.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { AppError } from '#server/lib/errors.ts';
import type { FileStorage } from '#server/lib/storage.ts';

// Refuses decompression bombs long before they reach memory.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Content-addressed: the key names the bytes, so a key is written once and
 * never changes, and any instance (or cache) serving it serves the same photo.
 */
export function avatarKey(userId: string, version: string): string {
  return `avatars/${userId}/${version}.webp`;
}

/** Where avatars were kept before ADR 027 (moved from DATA_DIR/uploads at start-up): one file per user. */
export function legacyAvatarKey(userId: string): string {
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
 * The blob is stored under its own hash first, then the URL is swapped in one
 * UPDATE: with concurrent uploads the last one to commit wins,
 * and every URL ever issued serves exactly the photo it was issued for.
 * Replaced versions stay stored (deleting one here could race with a
 * concurrent re-upload of that very photo); a legacy file is removed.
 */
export async function saveAvatar(db: Db, storage: FileStorage, userId: string, input: Buffer): Promise<string> {
  const webp = await reencodeAvatar(input);
  const version = avatarVersion(webp);
  // The version makes the URL change with the photo, so it can be cached forever.
  const image = `/api/avatars/${userId}.webp?v=${version}`;
  await storage.put(avatarKey(userId, version), webp, 'image/webp');
  await db.update(users).set({ image }).where(eq(users.id, userId));
  // Only a URL from before ADR 027 could still name it, and that URL is no longer anyone's.
  await storage.delete(legacyAvatarKey(userId));
  return image;
}

/** The bytes an avatar URL names; a URL from before ADR 027 finds the user's one legacy file. */
export async function readAvatar(storage: FileStorage, userId: string, version: string | undefined): Promise<Buffer | null> {
  const current = version ? await storage.get(avatarKey(userId, version)) : null;
  return current ?? (await storage.get(legacyAvatarKey(userId)));
}
