import { z } from 'zod';
import { betStatusSchema, userSummarySchema } from './profiles.ts';
import { betActions, betCounterSchema, betFieldLabels, betPayToField, betRefereeField, betTrustFields, COMMENT_MAX } from './bets.ts';
import { betEventKinds } from './bet-timeline.ts';
import type { FeedPot } from './pots.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';

export const FEED_PAGE_SIZE = 20;
// Zod-free, so the feed screen reads them without zod; re-exported for the server.
export { LEADERBOARD_SHOWN, LEADERBOARD_SIZE, LEADERBOARD_WINDOW_DAYS } from './leaderboard.ts';

export const feedPartySchema = userSummarySchema.extend({ venmoHandle: z.string() });

export const feedBetSchema = z.object({
  id: z.string(),
  creator: feedPartySchema,
  opponent: feedPartySchema,
  winner: feedPartySchema.nullable(),
  description: z.string(),
  amount: z.number().int(),
  /** What each side risks (ADR 062): '$20 vs $10', or the single amount when equal. */
  creatorStake: z.number().int(),
  opponentStake: z.number().int(),
  status: betStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type FeedBet = z.infer<typeof feedBetSchema>;

/** A feed row: a bet, or a pot the viewer is part of (ADR 060). Pots carry `type: 'pot'`. */
export type FeedItem = FeedBet | FeedPot;

// Zod-free, so the feed's cards read it without zod.
export { isFeedPot } from './feed-items.ts';

/**
 * The bet page (/bets/:id): the feed card, the state the action buttons read
 * (so it is also a `Bet`), and what the viewer may do now.
 */
export const betPageSchema = feedBetSchema.extend({
  winnerId: z.string().nullable(),
  voidRequestedBy: z.string().nullable(),
  paymentSent: z.boolean(),
  paymentConfirmed: z.boolean(),
  acceptanceComment: z.string().nullable(),
  counterCount: z.number().int(),
  /** The counter-offers, oldest first (ADR 062). */
  counters: z.array(betCounterSchema),
  ...betTrustFields,
  ...betPayToField,
  ...betRefereeField,
  actions: z.array(z.enum(betActions)),
  /** The 'History' timeline, oldest first (domain/bet-timeline.ts). */
  history: z.array(
    z.object({
      kind: z.enum(betEventKinds),
      at: z.string().nullable(),
      actorId: z.string(),
      text: z.string().nullable(),
      winnerId: z.string().nullable(),
      amount: z.number().int().nullable(),
      betCount: z.number().int().nullable(),
      stakes: z.object({ creatorStake: z.number().int(), opponentStake: z.number().int() }).nullable(),
    }),
  ),
});
export type BetPage = z.infer<typeof betPageSchema>;

export const commentMessages = {
  addFailed: 'Failed to add comment.',
  empty: 'Please write a comment first.',
  tooLong: 'Please keep comments under 500 characters.',
} as const;

export const addCommentInputSchema = z.object({
  text: z
    .string()
    .refine((value) => !isBlank(value), commentMessages.empty)
    .refine(
      (value) => !hasForbiddenCharacters(value),
      textMessages.invalidCharacters(betFieldLabels.comment).message,
    )
    .transform(normalizeText)
    .pipe(z.string().max(COMMENT_MAX, commentMessages.tooLong)),
});

export const commentSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string().nullable(), username: z.string().nullable() }),
});
export type Comment = z.infer<typeof commentSchema>;

/** The spec's author label: name, else username, else 'Anonymous'. */
export function commentAuthorLabel(author: { name: string | null; username: string | null }): string {
  const name = author.name?.trim();
  if (name) return name;
  const username = author.username?.trim();
  return username ? username : 'Anonymous';
}

export type LeaderboardEntry = {
  rank: number;
  user: z.infer<typeof userSummarySchema>;
  wins: number;
};

/**
 * Standard competition ranking over rows already sorted by wins descending:
 * ties share a rank and the next rank skips (1, 1, 3).
 */
export function assignRanks<T extends { wins: number }>(sorted: T[]): (T & { rank: number })[] {
  let previousWins: number | undefined;
  let previousRank = 0;
  return sorted.map((row, index) => {
    const rank = row.wins === previousWins ? previousRank : index + 1;
    previousWins = row.wins;
    previousRank = rank;
    return { ...row, rank };
  });
}
