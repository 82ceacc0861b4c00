import { z } from 'zod';
import { betStatusSchema, payeeAppsSchema, userSummarySchema } from './profiles.ts';
import { reminderStateSchema } from './reminders.ts';
import { COUNTER_MAX, COUNTER_NOTE_MAX } from './bet-stakes.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import { refineWith } from './users.ts';
import {
  BET_AMOUNT_MAX,
  BET_AMOUNT_MIN,
  betFieldLabels,
  checkPlaceBet,
  COMMENT_MAX,
  DISPUTE_REASON_MAX,
} from './bet-rules.ts';

// The zod-free rules live in bet-rules.ts (the Place Bet screen loads them without zod).
export * from './bet-rules.ts';
// What the viewer may do with a bet, zod-free too: the bet cards load it with the feed.
export * from './bet-actions.ts';

export const createBetInputSchema = z
  .object({
    description: z.string(),
    opponentId: z.string().nullable(),
    amount: z.number().nullable(),
    opponentStake: z.number().nullable().optional(),
    resolveBy: z.string().nullable().optional(),
    /** Optional: a friend of both parties who decides the bet (ADR 061). */
    refereeId: z.string().min(1).max(64).nullable().optional(),
  })
  .superRefine(refineWith(checkPlaceBet))
  .transform((value) => ({
    description: normalizeText(value.description),
    opponentId: value.opponentId ?? '',
    /** What the creator risks ('You risk'; the amount of an even bet). */
    amount: value.amount ?? 0,
    opponentStake: value.opponentStake ?? value.amount ?? 0,
    resolveBy: value.resolveBy || null,
    refereeId: value.refereeId ?? null,
  }));
export type CreateBetInput = z.output<typeof createBetInputSchema>;

/** 'Pick Referee' and the referee's '<Name> Won' (ADR 061). */
export const pickBetRefereeInputSchema = z.object({ refereeId: z.string().min(1, 'Pick a referee.').max(64) });
export const decideBetInputSchema = z.object({ winnerId: z.string().min(1, 'Pick the winner.').max(64) });

/** How many counters the client saw: an accept or counter of terms that changed meanwhile is refused (ADR 062). */
const seenCountersSchema = z.number().int().min(0).max(COUNTER_MAX);

export const acceptBetInputSchema = z.object({
  seenCounters: seenCountersSchema.optional(),
  prediction: z
    .string()
    .refine(
      (value) => !hasForbiddenCharacters(value),
      textMessages.invalidCharacters(betFieldLabels.prediction).message,
    )
    .refine(
      (value) => normalizeText(value).length <= COMMENT_MAX,
      'Please keep your prediction under 500 characters.',
    )
    .optional()
    // A prediction of nothing visible is no prediction.
    .transform((value) => (value === undefined || isBlank(value) ? undefined : normalizeText(value))),
});

const stakeSchema = z
  .number()
  .int('Please enter a valid amount.')
  .min(BET_AMOUNT_MIN, 'Please enter a valid amount.')
  .max(BET_AMOUNT_MAX, 'The most you can bet is $10,000.');

/** 'Counter': other stakes (equal for even), an optional note, and the counters the client saw. */
export const counterBetInputSchema = z.object({
  creatorStake: stakeSchema,
  opponentStake: stakeSchema,
  seenCounters: seenCountersSchema,
  note: z
    .string()
    .refine((value) => !hasForbiddenCharacters(value), textMessages.invalidCharacters('Note').message)
    .refine(
      (value) => normalizeText(value).length <= COUNTER_NOTE_MAX,
      `Please keep the note under ${COUNTER_NOTE_MAX} characters.`,
    )
    .optional()
    .transform((value) => (value === undefined || isBlank(value) ? null : normalizeText(value))),
});
export type CounterBetInput = z.output<typeof counterBetInputSchema>;

/** 'Accept Counter' names the counters the creator saw (an odd count: the last is the opponent's). */
export const acceptCounterInputSchema = z.object({ seenCounters: z.number().int().min(1).max(COUNTER_MAX) });

export const betCounterSchema = z.object({
  id: z.string(),
  byId: z.string(),
  byName: z.string(),
  creatorStake: z.number().int(),
  opponentStake: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type BetCounter = z.infer<typeof betCounterSchema>;

export const resolveBetInputSchema = z.object({ outcome: z.enum(['won', 'lost']) });

export const disputeBetInputSchema = z.object({
  reason: z
    .string()
    .refine(
      (value) => !hasForbiddenCharacters(value),
      textMessages.invalidCharacters(betFieldLabels.reason).message,
    )
    .refine(
      (value) => normalizeText(value).length <= DISPUTE_REASON_MAX,
      `Please keep the reason under ${DISPUTE_REASON_MAX} characters.`,
    )
    .optional()
    .transform((value) => (value === undefined || isBlank(value) ? null : normalizeText(value))),
});

export const betPartySchema = userSummarySchema.extend({ venmoHandle: z.string() });

export const betSettlementSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  confirmed: z.boolean(),
});
export type BetSettlement = z.infer<typeof betSettlementSchema>;

/** The dispute, void, resolve-by and reminder fields of a bet (ADR 025, ADR 028), shared by the profile's bets and the bet page. */
export const betTrustFields = {
  /** Who resolved it and how ('won': 'I Won', a claim; 'lost': 'I Lost', a concession); null unless completed. */
  resolvedBy: z.string().nullable(),
  resolution: z.enum(['won', 'lost']).nullable(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** The optional 'Resolve by' date, YYYY-MM-DD. */
  resolveBy: z.string().nullable(),
  /** The settle-up payment that paid this bet: 'Settled in a $N payment'. */
  settlement: betSettlementSchema.nullable(),
  /** A completed, unpaid bet: when its winner may send the next reminder (domain/reminders.ts); null otherwise. */
  reminder: reminderStateSchema,
};

/**
 * The winner's payment apps, answered only to the loser of a completed bet: the one who pays them
 * (ADR 056). Null for the winner, for an open bet and for anyone else.
 */
export const betPayToField = { payTo: payeeAppsSchema.nullable() };

/** A bet as its parties see it on the profile. */
/** The profile's bet sections, each paged newest first (ADR 043). */
export type BetSectionName = 'pending' | 'active' | 'past';

/**
 * A refereed bet's referee (ADR 061); null for a bet without the role. `user` is null after the asked
 * referee declined, until the creator picks another.
 */
export const betRefereeField = {
  referee: z
    .object({ user: userSummarySchema.nullable(), accepted: z.boolean(), opponentAccepted: z.boolean() })
    .nullable()
    .optional(),
};

export const betSchema = z.object({
  id: z.string(),
  creator: betPartySchema,
  opponent: betPartySchema,
  description: z.string(),
  amount: z.number().int(),
  /** What each side risks (ADR 062); while pending, the terms on the table. */
  creatorStake: z.number().int(),
  opponentStake: z.number().int(),
  /** Counters so far: its parity says whose answer a pending bet waits on. */
  counterCount: z.number().int(),
  status: betStatusSchema,
  winnerId: z.string().nullable(),
  voidRequestedBy: z.string().nullable(),
  paymentSent: z.boolean(),
  paymentConfirmed: z.boolean(),
  acceptanceComment: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  ...betTrustFields,
  ...betPayToField,
  ...betRefereeField,
});
export type Bet = z.infer<typeof betSchema>;

export const voidResultSchema = z.object({ message: z.string(), deleted: z.boolean() });
export type VoidResult = z.infer<typeof voidResultSchema>;

export const notificationSummarySchema = z.object({
  unreadCount: z.number().int(),
  hasPendingAction: z.boolean(),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;
