import { z } from 'zod';
import { betStatusSchema, userSummarySchema } from './profiles.ts';
import { hasForbiddenCharacters, isBlank, textMessages } from './text.ts';
import { USER_ID_PATTERN, type RuleFailure } from './users.ts';

export const BET_DESCRIPTION_MAX = 280;
export const BET_AMOUNT_MIN = 1;
export const BET_AMOUNT_MAX = 10_000;
export const PRESET_AMOUNTS = [1, 5, 10, 15, 20] as const;
export const COMMENT_MAX = 500;

export const betMessages = {
  authRequired: { title: 'Authentication required', message: 'Please log in to place a bet.' },
  missingDescription: { title: 'Missing Bet Description', message: "Please describe what you're betting on." },
  descriptionTooLong: { title: 'Bet Description Too Long', message: 'Please keep the description under 280 characters.' },
  selectFriend: { title: 'Select a Friend', message: 'Choose who you want to bet with.' },
  chooseAmount: { title: 'Choose Wager Amount', message: 'Select how much you want to bet.' },
  invalidCustomAmount: { title: 'Invalid Custom Amount', message: 'Please enter a valid amount.' },
  /** The custom-amount dialog's own wording. */
  invalidAmountDialog: { title: 'Invalid Amount', message: 'Please enter a valid number.' },
  amountTooLarge: { title: 'Invalid Custom Amount', message: 'The most you can bet is $10,000.' },
  noVenmoHandle: { title: 'No Venmo handle', message: "Your opponent hasn't set up their Venmo handle." },
} as const;

export type PlaceBetFields = { description: string; opponentId: string | null; amount: number | null };

/** The bet's terms (description, then amount): shared by a bet and a challenge link. */
export function checkBetDescription(description: string): RuleFailure<'description'> | null {
  const m = betMessages;
  if (isBlank(description)) return { field: 'description', ...m.missingDescription };
  if (hasForbiddenCharacters(description)) return { field: 'description', ...textMessages.invalidCharacters };
  if (description.trim().length > BET_DESCRIPTION_MAX) return { field: 'description', ...m.descriptionTooLong };
  return null;
}

export function checkBetAmount(amount: number | null): RuleFailure<'amount'> | null {
  const m = betMessages;
  if (amount === null) return { field: 'amount', ...m.chooseAmount };
  if (!Number.isInteger(amount) || amount < BET_AMOUNT_MIN) return { field: 'amount', ...m.invalidCustomAmount };
  if (amount > BET_AMOUNT_MAX) return { field: 'amount', ...m.amountTooLarge };
  return null;
}

/** The spec's place-bet checks, in its order (sign-in is checked by the route guard). */
export function checkPlaceBet(input: PlaceBetFields): RuleFailure<keyof PlaceBetFields> | null {
  const description = checkBetDescription(input.description);
  if (description) return description;
  // An id no user can have is no choice at all (and never reaches a query).
  if (!input.opponentId || !USER_ID_PATTERN.test(input.opponentId)) return { field: 'opponentId', ...betMessages.selectFriend };
  return checkBetAmount(input.amount);
}

/** Parses the custom-amount dialog's text: a whole number of at least 1, or null. */
export function parseCustomAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= BET_AMOUNT_MIN && value <= BET_AMOUNT_MAX ? value : null;
}

export const createBetInputSchema = z
  .object({ description: z.string(), opponentId: z.string().nullable(), amount: z.number().nullable() })
  .superRefine((value, ctx) => {
    const failure = checkPlaceBet(value);
    if (failure) ctx.addIssue({ code: 'custom', path: [failure.field], message: failure.message, params: { title: failure.title } });
  })
  .transform((value) => ({
    description: value.description.trim(),
    opponentId: value.opponentId ?? '',
    amount: value.amount ?? 0,
  }));
export type CreateBetInput = z.output<typeof createBetInputSchema>;

export const acceptBetInputSchema = z.object({
  prediction: z
    .string()
    .max(COMMENT_MAX, 'Please keep your prediction under 500 characters.')
    .refine((value) => !hasForbiddenCharacters(value), textMessages.invalidCharacters.message)
    .optional()
    // A prediction of nothing visible is no prediction.
    .transform((value) => (value === undefined || isBlank(value) ? undefined : value.trim())),
});

export const resolveBetInputSchema = z.object({ outcome: z.enum(['won', 'lost']) });

export const betPartySchema = userSummarySchema.extend({ venmoHandle: z.string() });

/** A bet as its parties see it on the profile. */
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
});
export type Bet = z.infer<typeof betSchema>;

export const voidResultSchema = z.object({ message: z.string(), deleted: z.boolean() });
export type VoidResult = z.infer<typeof voidResultSchema>;

export type BetState = Pick<Bet, 'status' | 'winnerId' | 'voidRequestedBy' | 'paymentSent' | 'paymentConfirmed'> & {
  creatorId: string;
  opponentId: string;
};

/** Why a bet waits on the user: the inbox's 'Waiting on You' and the red dot (spec section 4). */
export const waitingReasons = ['answer', 'confirm_void', 'pay', 'confirm_payment'] as const;
export type WaitingReason = (typeof waitingReasons)[number];

/** Why this bet waits on the user, or null (the same rule as server/features/notifications/waiting.sql.ts). */
export function waitingReason(bet: BetState, userId: string): WaitingReason | null {
  const isParty = bet.creatorId === userId || bet.opponentId === userId;
  if (!isParty) return null;
  switch (bet.status) {
    case 'pending':
      return bet.opponentId === userId ? 'answer' : null;
    case 'active':
      return bet.voidRequestedBy !== null && bet.voidRequestedBy !== userId ? 'confirm_void' : null;
    case 'completed':
      if (bet.paymentConfirmed) return null;
      if (bet.winnerId === userId) return bet.paymentSent ? 'confirm_payment' : null;
      return bet.paymentSent ? null : 'pay';
  }
}

/** Whether this bet waits on the user (the red dot's "pending action"). */
export function needsAction(bet: BetState, userId: string): boolean {
  return waitingReason(bet, userId) !== null;
}

export const betActions = ['accept', 'decline', 'resolve', 'requestVoid', 'cancelVoid', 'confirmVoid', 'markPaid', 'confirmPayment'] as const;
export type BetAction = (typeof betActions)[number];

/** What the viewer may do with the bet now (spec: "Bet card actions on the profile (by state)"). */
export function availableBetActions(bet: BetState, viewerId: string): BetAction[] {
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty) return [];
  switch (bet.status) {
    case 'pending':
      return bet.opponentId === viewerId ? ['accept', 'decline'] : [];
    case 'active':
      if (bet.voidRequestedBy === null) return ['resolve', 'requestVoid'];
      return ['resolve', bet.voidRequestedBy === viewerId ? 'cancelVoid' : 'confirmVoid'];
    case 'completed':
      if (bet.paymentConfirmed) return [];
      if (bet.winnerId === viewerId) return bet.paymentSent ? ['confirmPayment'] : [];
      return bet.paymentSent ? [] : ['markPaid'];
  }
}

/**
 * The loser's Venmo deep link: pay the winner's handle (any leading '@'
 * removed) the bet amount, with a note saying the bet was lost.
 */
export function venmoPayLink(input: { winnerHandle: string; amount: number; description: string }): string | null {
  const handle = input.winnerHandle.trim().replace(/^@/, '');
  if (handle === '') return null;
  const note = `Lost our bet: ${input.description} - Sidepot`;
  return `https://venmo.com/${encodeURIComponent(handle)}?txn=pay&amount=${input.amount}&note=${encodeURIComponent(note)}`;
}

export const notificationSummarySchema = z.object({ unreadCount: z.number().int(), hasPendingAction: z.boolean() });
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;
