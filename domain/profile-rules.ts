/*
 * The profile's limits and photo check, without zod: the profile page uses them on first paint and stays
 * out of zod's weight. domain/profiles.ts adds the schemas and re-exports everything here.
 */

export const PROFILE_FRIENDS_SHOWN = 6;
export const CARD_FRIENDS_SHOWN = 8;
export const CARD_RECENT_BETS_SHOWN = 5;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

export const photoMessages = {
  invalidType: { title: 'Invalid file type', message: 'Please select an image file.' },
  tooLarge: { title: 'File too large', message: 'Please select an image smaller than 5MB.' },
} as const;

/** Browser-side pre-check of a chosen photo; the server re-checks the bytes themselves. */
export function checkPhoto(file: { type: string; size: number }): { title: string; message: string } | null {
  if (!file.type.startsWith('image/')) return photoMessages.invalidType;
  if (file.size > AVATAR_MAX_BYTES) return photoMessages.tooLarge;
  return null;
}
