import { USER_ID_PATTERN, type RuleFailure } from './account-rules.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import type { BetState } from './bets.ts';

/*
 * The place-bet rules and their texts, without zod: the Place Bet screen checks its form with them and
 * stays out of zod's weight. domain/bets.ts wraps them in the server's schemas and re-exports
 * everything here.
 */

export const BET_DESCRIPTION_MAX = 280;
export const BET_AMOUNT_MIN = 1;
export const BET_AMOUNT_MAX = 10_000;
export const PRESET_AMOUNTS = [1, 5, 10, 15, 20] as const;
export const COMMENT_MAX = 500;
/** How long the named loser of an 'I Won' may dispute it (unless they mark it paid first). */
export const DISPUTE_WINDOW_HOURS = 48;
export const DISPUTE_REASON_MAX = 280;

export const betMessages = {
  authRequired: { title: 'Authentication required', message: 'Please log in to place a bet.' },
  missingDescription: {
    title: 'Missing Bet Description',
    message: "Please describe what you're betting on.",
  },
  descriptionTooLong: {
    title: 'Bet Description Too Long',
    message: 'Please keep the description under 280 characters.',
  },
  selectFriend: { title: 'Select a Friend', message: 'Choose who you want to bet with.' },
  chooseAmount: { title: 'Choose Wager Amount', message: 'Select how much you want to bet.' },
  invalidCustomAmount: { title: 'Invalid Custom Amount', message: 'Please enter a valid amount.' },
  /** The custom-amount dialog's own wording. */
  invalidAmountDialog: { title: 'Invalid Amount', message: 'Please enter a valid number.' },
  amountTooLarge: { title: 'Invalid Custom Amount', message: 'The most you can bet is $10,000.' },
  noVenmoHandle: { title: 'No Venmo handle', message: "Your opponent hasn't set up their Venmo handle." },
  invalidResolveBy: { title: 'Invalid Date', message: 'Please choose today or a later date.' },
} as const;

/** How a refusal names each free-text field of a bet (ADR 050). */
export const betFieldLabels = {
  description: 'Bet description',
  prediction: 'Prediction',
  reason: 'Reason',
  comment: 'Comment',
} as const;

export type PlaceBetFields = {
  description: string;
  opponentId: string | null;
  amount: number | null;
  /** 'Give Odds': what the opponent risks ('They risk'); null or absent for an even bet (ADR 062). */
  opponentStake?: number | null;
  resolveBy?: string | null;
};

/** The bet's terms (description, then amount): shared by a bet and a challenge link. */
export function checkBetDescription(description: string): RuleFailure<'description'> | null {
  const m = betMessages;
  if (isBlank(description)) return { field: 'description', ...m.missingDescription };
  if (hasForbiddenCharacters(description))
    return { field: 'description', ...textMessages.invalidCharacters(betFieldLabels.description) };
  if (normalizeText(description).length > BET_DESCRIPTION_MAX)
    return { field: 'description', ...m.descriptionTooLong };
  return null;
}

export function checkBetAmount(amount: number | null): RuleFailure<'amount'> | null {
  const m = betMessages;
  if (amount === null) return { field: 'amount', ...m.chooseAmount };
  if (!Number.isInteger(amount) || amount < BET_AMOUNT_MIN)
    return { field: 'amount', ...m.invalidCustomAmount };
  if (amount > BET_AMOUNT_MAX) return { field: 'amount', ...m.amountTooLarge };
  return null;
}

/** The spec's place-bet checks, in its order (sign-in is checked by the route guard). */
export function checkPlaceBet(
  input: PlaceBetFields,
  today?: string,
): RuleFailure<keyof PlaceBetFields> | null {
  const description = checkBetDescription(input.description);
  if (description) return description;
  // An id no user can have is no choice at all (and never reaches a query).
  if (!input.opponentId || !USER_ID_PATTERN.test(input.opponentId))
    return { field: 'opponentId', ...betMessages.selectFriend };
  const amount = checkBetAmount(input.amount);
  if (amount) return amount;
  if (input.opponentStake !== undefined && input.opponentStake !== null) {
    const theirs = checkBetAmount(input.opponentStake);
    if (theirs) return { ...theirs, field: 'opponentStake' };
  }
  if (input.resolveBy && !isResolveByAllowed(input.resolveBy, today))
    return { field: 'resolveBy', ...betMessages.invalidResolveBy };
  return null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 60 * 60 * 1000;

/** A real calendar date written as YYYY-MM-DD (what a date input gives). */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date (YYYY-MM-DD) in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * 'Resolve by' must be today or later. The server cannot know the user's time
 * zone, so it accepts any date that is still today somewhere (UTC−12 is the
 * last zone to leave a day); the form holds the user to their own today.
 */
export function isResolveByAllowed(value: string, today: string = earliestToday()): boolean {
  return isCalendarDate(value) && value >= today;
}

function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * HOUR_MS).toISOString().slice(0, 10);
}

// Made on first use: a page's first Intl object costs tens of ms of ICU set-up (see money.ts).
let dueFormat: Intl.DateTimeFormat | undefined;

/** 'Nov 24, 2026': the one format of a bet's resolve-by date. */
export function formatDueDate(value: string): string {
  dueFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dueFormat.format(new Date(`${value}T00:00:00Z`));
}

/** Parses the custom-amount dialog's text: a whole number of at least 1, or null. */
export function parseCustomAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= BET_AMOUNT_MIN && value <= BET_AMOUNT_MAX ? value : null;
}

/** A bet is overdue from the day after its resolve-by date, while still active. */
export function isOverdue(bet: Pick<BetState, 'status' | 'resolveBy'>, today: string): boolean {
  return bet.status === 'active' && bet.resolveBy !== null && bet.resolveBy < today;
}

/** Whether the viewer may still dispute this bet: the named loser of an 'I Won', unpaid, within 48 hours. */
export function canDispute(bet: BetState, viewerId: string, now: Date = new Date()): boolean {
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty || bet.status !== 'completed' || bet.resolution !== 'won') return false;
  if (bet.winnerId === viewerId || bet.paymentSent || bet.completedAt === null) return false;
  return now.getTime() - new Date(bet.completedAt).getTime() < DISPUTE_WINDOW_HOURS * HOUR_MS;
}
