import { z } from 'zod';
import { INVITE_CODE_PATTERN } from './invite-code.ts';
import { inviteMessages } from './invite-texts.ts';

export { invitePath } from './invite-code.ts';

/** 16 random bytes (128 bits) in base64url: 22 characters. */
export const INVITE_CODE_BYTES = 16;

// The texts live in invite-texts.ts (no zod there: the public invite page loads without zod).
export * from './invite-texts.ts';

/** Anything that cannot be a code reads as a dead link, not as a form error. */
export const inviteCodeSchema = z.string().regex(INVITE_CODE_PATTERN, inviteMessages.invalid);

export const myInviteSchema = z.object({ code: z.string(), url: z.string() });
export type MyInvite = z.infer<typeof myInviteSchema>;

/** What the public invite page shows; `relationship` only for a signed-in visitor. */
export const invitePageSchema = z.object({
  inviter: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
  relationship: z.enum(['anonymous', 'self', 'friend', 'none']),
});
export type InvitePage = z.infer<typeof invitePageSchema>;

/** A one-day budget of friendships per inviter (so a reset does not renew it). */
export const INVITE_DAILY_FRIENDSHIPS = 50;
/** Opening or using a link code (invite or challenge), per client address, kind and minute (guessing codes is the threat). */
export const LINK_CODE_RATE_LIMIT = { max: 20, windowMs: 60_000 } as const;
