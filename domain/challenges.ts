import { z } from 'zod';
import { checkBetAmount, checkBetDescription } from './bets.ts';
import { refineWith } from './users.ts';
import { normalizeText } from './text.ts';
import { CHALLENGE_CODE_PATTERN, challengeMessages, challengeStates } from './challenge-rules.ts';

// The zod-free part lives in challenge-rules.ts (the public challenge page loads it without zod).
export * from './challenge-rules.ts';

export const createChallengeInputSchema = z
  .object({ description: z.string(), amount: z.number().nullable() })
  .superRefine(
    refineWith(
      (value: { description: string; amount: number | null }) =>
        checkBetDescription(value.description) ?? checkBetAmount(value.amount),
    ),
  )
  .transform((value) => ({ description: normalizeText(value.description), amount: value.amount ?? 0 }));
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
