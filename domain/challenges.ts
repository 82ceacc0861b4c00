import { z } from 'zod';
import { checkBetAmount, checkBetDescription } from './bets.ts';

/** Open challenges expire this long after they are made (issue 10, section 3). */
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
} as const;

/** What the link's page shows; `own` and `declined` only for a signed-in visitor. */
export const challengeStates = ['open', 'taken', 'expired', 'cancelled', 'own', 'declined'] as const;
export type ChallengeState = (typeof challengeStates)[number];

export const createChallengeInputSchema = z
  .object({ description: z.string(), amount: z.number().nullable() })
  .superRefine((value, ctx) => {
    const failure = checkBetDescription(value.description) ?? checkBetAmount(value.amount);
    if (failure)
      ctx.addIssue({
        code: 'custom',
        path: [failure.field],
        message: failure.message,
        params: { title: failure.title },
      });
  })
  .transform((value) => ({ description: value.description.trim(), amount: value.amount ?? 0 }));
export type CreateChallengeInput = z.output<typeof createChallengeInputSchema>;

export const challengeCodeParamSchema = z.object({
  code: z.string().regex(CHALLENGE_CODE_PATTERN, challengeMessages.invalid),
});

/** The public view of a challenge link: never the creator's email, username or bets. */
export const challengeViewSchema = z.object({
  code: z.string(),
  creator: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
  description: z.string(),
  amount: z.number().int(),
  expiresAt: z.string(),
  state: z.enum(challengeStates),
});
export type ChallengeView = z.infer<typeof challengeViewSchema>;

/** One of the creator's open challenges, as their profile lists it. */
export const myChallengeSchema = z.object({
  code: z.string(),
  /** PUBLIC_URL/challenge/<code>, the link to pass on. */
  url: z.string(),
  description: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MyChallenge = z.infer<typeof myChallengeSchema>;

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
