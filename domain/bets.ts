import { z } from 'zod';
import { betStatusSchema, payeeAppsSchema, userSummarySchema } from './profiles.ts';
import { reminderStateSchema } from './reminders.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import { refineWith } from './users.ts';
import {
  betFieldLabels,
  canDispute,
  checkPlaceBet,
  COMMENT_MAX,
  DISPUTE_REASON_MAX,
  isOverdue,
  localToday,
} from './bet-rules.ts';

// The zod-free rules live in bet-rules.ts (the Place Bet screen loads them without zod).
export * from './bet-rules.ts';

export const createBetInputSchema = z
  .object({
    description: z.string(),
    opponentId: z.string().nullable(),
    amount: z.number().nullable(),
    resolveBy: z.string().nullable().optional(),
  })
  .superRefine(refineWith(checkPlaceBet))
  .transform((value) => ({
    description: normalizeText(value.description),
    opponentId: value.opponentId ?? '',
    amount: value.amount ?? 0,
    resolveBy: value.resolveBy || null,
  }));
export type CreateBetInput = z.output<typeof createBetInputSchema>;

export const acceptBetInputSchema = z.object({
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

export const betSchema = z.object({
  id: z.string(),
  creator: betPartySchema,
  opponent: betPartySchema,
  description: z.string(),
  amount: z.number().int(),
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
});
export type Bet = z.infer<typeof betSchema>;

export const voidResultSchema = z.object({ message: z.string(), deleted: z.boolean() });
export type VoidResult = z.infer<typeof voidResultSchema>;

export type BetState = Pick<
  Bet,
  | 'status'
  | 'winnerId'
  | 'voidRequestedBy'
  | 'paymentSent'
  | 'paymentConfirmed'
  | 'resolvedBy'
  | 'resolution'
  | 'disputedAt'
  | 'completedAt'
  | 'resolveBy'
> & {
  creatorId: string;
  opponentId: string;
  /** Paid in a settle-up payment: it is confirmed with that payment, never singly. */
  settled?: boolean;
};

/** Why a bet waits on the user: the inbox's 'Waiting on You' and the red dot (spec section 4). */
export const waitingReasons = ['answer', 'confirm_void', 'resolve', 'pay', 'confirm_payment'] as const;
export type WaitingReason = (typeof waitingReasons)[number];

/**
 * Why this bet waits on the user, or null (the same rule as
 * server/features/notifications/waiting.sql.ts). A disputed or overdue active
 * bet waits on both parties to resolve it, unless a void request is open.
 */
export function waitingReason(
  bet: BetState,
  userId: string,
  today: string = localToday(),
): WaitingReason | null {
  const isParty = bet.creatorId === userId || bet.opponentId === userId;
  if (!isParty) return null;
  switch (bet.status) {
    case 'pending':
      return bet.opponentId === userId ? 'answer' : null;
    case 'active':
      if (bet.voidRequestedBy !== null) return bet.voidRequestedBy !== userId ? 'confirm_void' : null;
      return bet.disputedAt !== null || isOverdue(bet, today) ? 'resolve' : null;
    case 'completed':
      if (bet.paymentConfirmed || bet.settled === true) return null;
      if (bet.winnerId === userId) return bet.paymentSent ? 'confirm_payment' : null;
      return bet.paymentSent ? null : 'pay';
  }
}

/** Whether this bet waits on the user (the red dot's "pending action"). */
export function needsAction(bet: BetState, userId: string, today?: string): boolean {
  return waitingReason(bet, userId, today) !== null;
}

/**
 * 'resolve' is 'I Won' and 'I Lost'; 'concede' is 'I Lost' alone (a disputed
 * bet ends only by a concession or a void); 'keepBet' refuses a void request.
 */
export const betActions = [
  'accept',
  'decline',
  'resolve',
  'concede',
  'requestVoid',
  'cancelVoid',
  'confirmVoid',
  'keepBet',
  'dispute',
  'markPaid',
  'confirmPayment',
] as const;
export type BetAction = (typeof betActions)[number];

/** What the viewer may do with the bet now (spec: "Bet card actions on the profile (by state)"). */
export function availableBetActions(bet: BetState, viewerId: string, now: Date = new Date()): BetAction[] {
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty) return [];
  switch (bet.status) {
    case 'pending':
      return bet.opponentId === viewerId ? ['accept', 'decline'] : [];
    case 'active': {
      const resolve = bet.disputedAt === null ? 'resolve' : 'concede';
      if (bet.voidRequestedBy === null) return [resolve, 'requestVoid'];
      return bet.voidRequestedBy === viewerId ? [resolve, 'cancelVoid'] : [resolve, 'confirmVoid', 'keepBet'];
    }
    case 'completed':
      if (bet.paymentConfirmed || bet.settled === true) return [];
      if (bet.winnerId === viewerId) return bet.paymentSent ? ['confirmPayment'] : [];
      if (bet.paymentSent) return [];
      return canDispute(bet, viewerId, now) ? ['markPaid', 'dispute'] : ['markPaid'];
  }
}

/** A bet as the web holds it, read by the state rules: paid in a settle-up payment when it has one. */
export function betStateOf(bet: Bet): BetState {
  return { ...bet, creatorId: bet.creator.id, opponentId: bet.opponent.id, settled: bet.settlement !== null };
}

/** What the viewer may do with a bet the web holds: the rule that fills the bet page's `actions`, not a copy. */
export function viewerBetActions(bet: Bet, viewerId: string, now?: Date): BetAction[] {
  return availableBetActions(betStateOf(bet), viewerId, now);
}

export const notificationSummarySchema = z.object({
  unreadCount: z.number().int(),
  hasPendingAction: z.boolean(),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;
