/*
 * Challenge links' constants, states and texts (ADR 020), without zod: the public
 * /challenge page imports them; domain/challenges.ts adds the schemas and re-exports these.
 */

/** Open challenges expire this long after they are made. */
export const CHALLENGE_TTL_DAYS = 7;

/** 16 random bytes in base64url: 128 bits, never guessable. */
export const CHALLENGE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const challengeMessages = {
  taken: 'This challenge has already been taken.',
  expired: 'This challenge has expired.',
  cancelled: 'This challenge was cancelled.',
  own: 'This is your own challenge',
  declined: 'You declined this challenge.',
  invalid: 'This challenge link is not valid.',
  onlyCreatorCancels: 'Only the person who made this challenge can cancel it.',
  rateLimited: 'Too many challenge links opened. Please wait a minute and try again.',
} as const;

/** What the link's page shows; `own` and `declined` only for a signed-in visitor. */
export const challengeStates = ['open', 'taken', 'expired', 'cancelled', 'own', 'declined'] as const;
export type ChallengeState = (typeof challengeStates)[number];

/** The sentence a non-open state shows on the link's page. */
export function challengeStateMessage(state: ChallengeState): string | null {
  switch (state) {
    case 'open':
      return null;
    case 'taken':
      return challengeMessages.taken;
    case 'expired':
      return challengeMessages.expired;
    case 'cancelled':
      return challengeMessages.cancelled;
    case 'own':
      return challengeMessages.own;
    case 'declined':
      return challengeMessages.declined;
  }
}

/** The link people share: PUBLIC_URL/challenge/<code>. */
export function challengeUrl(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/challenge/${code}`;
}
