/**
 * What an invite code looks like, without zod: the sign-in and sign-up screens
 * read `?invite=<code>` on every public page's first load.
 * domain/invites.ts builds `inviteCodeSchema` on the same pattern.
 */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isInviteCode(value: unknown): value is string {
  return typeof value === 'string' && INVITE_CODE_PATTERN.test(value);
}

/** Where a visitor's invite link leads, relative to the site. */
export function invitePath(code: string): string {
  return `/invite/${code}`;
}
