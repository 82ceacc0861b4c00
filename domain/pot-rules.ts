import { USER_ID_PATTERN, type RuleFailure } from './account-rules.ts';
import { betMessages, checkBetAmount, isResolveByAllowed } from './bet-rules.ts';
import { formatDollars } from './money.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';

/*
 * The pot rules and texts without zod, so the Start a Pot form checks its fields without loading zod
 * (as bet-rules.ts does for the Place Bet screen); domain/pots.ts wraps them in the server's schemas.
 */

export const POT_QUESTION_MAX = 280;
export const POT_OPTION_MAX = 60;
export const POT_OPTIONS_MIN = 2;
export const POT_OPTIONS_MAX = 10;
export const POT_INVITEES_MIN = 2;
export const POT_INVITEES_MAX = 49;
/** Creator plus 49 invitees. */
export const POT_ENTRANTS_MAX = 50;
export const POT_DISPUTE_REASON_MAX = 280;
/** How long after a declared result a losing entrant may dispute it. */
export const POT_DISPUTE_WINDOW_HOURS = 48;

/** Lines, guesses and results: at most this big either way, in hundredths. */
export const POT_NUMBER_LIMIT = 1_000_000_000;

export const potKinds = ['choices', 'over_under', 'closest'] as const;
export type PotKind = (typeof potKinds)[number];
export const potDeciders = ['me', 'referee', 'vote'] as const;
export type PotDecider = (typeof potDeciders)[number];
export const potStatuses = ['open', 'closed', 'awaiting', 'disputed', 'decided', 'cancelled'] as const;
export type PotStatus = (typeof potStatuses)[number];
/** How a decided pot ended: winners were paid, or every stake went back for one of three reasons. */
export const potOutcomes = ['won', 'push', 'no_winners', 'not_enough'] as const;
export type PotOutcome = (typeof potOutcomes)[number];

export const potKindLabels: Record<PotKind, string> = {
  choices: 'Choices',
  over_under: 'Over/Under',
  closest: 'Closest Guess',
};
export const potDeciderLabels: Record<PotDecider, string> = {
  me: 'Me',
  referee: 'A referee',
  vote: 'Entrants vote',
};
export const potStatusLabels: Record<PotStatus, string> = {
  open: 'Open',
  closed: 'Entries closed',
  awaiting: 'Awaiting result',
  disputed: 'Disputed',
  decided: 'Decided',
  cancelled: 'Cancelled',
};
export const potOutcomeTexts: Record<Exclude<PotOutcome, 'won'>, string> = {
  push: 'Push — stakes returned',
  no_winners: 'No winners — stakes returned',
  not_enough: 'Not enough entrants — stakes returned',
};

export const potMessages = {
  missingQuestion: { title: 'Missing Question', message: 'Please say what the pot is about.' },
  questionTooLong: { title: 'Question Too Long', message: 'Please keep the question under 280 characters.' },
  addChoices: { title: 'Add Choices', message: 'A pot needs at least two different choices.' },
  tooManyChoices: { title: 'Too Many Choices', message: 'A pot can have at most 10 choices.' },
  choiceTooLong: { title: 'Choice Too Long', message: 'Please keep each choice under 60 characters.' },
  missingLine: { title: 'Missing Line', message: 'Please enter the number for Over/Under.' },
  invalidNumber: { title: 'Invalid Number', message: 'Please enter a number with at most two decimals.' },
  inviteFriends: { title: 'Invite Friends', message: 'Invite at least two friends to a pot.' },
  tooManyInvitees: { title: 'Too Many Friends', message: 'A pot can have at most 49 invited friends.' },
  pickReferee: { title: 'Pick a Referee', message: 'Choose a friend to decide the pot.' },
  refereeInvited: {
    title: 'Pick a Referee',
    message: 'The referee decides the pot, so they cannot be invited to enter it.',
  },
  voteNeedsChoices: { title: 'Entrants vote', message: 'Entrants can vote only on a pot with choices.' },
  pickOutcome: { title: 'Pick an Outcome', message: 'Choose your outcome, or say you are not entering.' },
  enterGuess: { title: 'Enter a Guess', message: 'Enter your guess, or say you are not entering.' },
  invalidClosesAt: { title: 'Invalid Date', message: 'Entries must close in the future.' },
  entriesClosed: 'Entries for this pot are closed.',
  created: { title: 'Pot created!', message: 'Your pot is open for entries.' },
  joined: "You're in!",
  /** Confirming singly a payment a settle-up covers (ADR 059). */
  paidInSettlement: 'This payment is part of a settle-up. Confirm it from your balances.',
} as const;

/** The creator's own entry: an outcome (its index in the options), a guess, or none ('I'm not entering'). */
export type PotPick = { optionIndex: number } | { guess: number };

export type CreatePotFields = {
  question: string;
  kind: PotKind;
  /** Choices only; the Over/Under options are made from the line. */
  options: string[];
  line: number | null;
  stake: number | null;
  /** ISO date-time, or null: entries close when the result is declared. */
  closesAt: string | null;
  resolveBy: string | null;
  decider: PotDecider;
  refereeId: string | null;
  inviteeIds: string[];
  entry: PotPick | null;
  /** Started from a group's page: every other member invited. */
  groupId?: string | null;
};

/** A line, guess or result: finite, at most two decimals, within ±1e9. */
export function isPotNumber(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > POT_NUMBER_LIMIT) return false;
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** In hundredths, so comparisons and distances are exact integers. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** '45.5' or '3': how a line reads in 'Over 45.5'. */
export function formatPotNumber(value: number): string {
  return String(toHundredths(value) / 100);
}

/** The two outcomes of an Over/Under pot, in their order. */
export function overUnderLabels(line: number): [string, string] {
  return [`Over ${formatPotNumber(line)}`, `Under ${formatPotNumber(line)}`];
}

/** The outcomes a pot is created with: its trimmed choices, or Over/Under around its line, or none (Closest Guess). */
export function potOptionLabels(input: Pick<CreatePotFields, 'kind' | 'options' | 'line'>): string[] {
  if (input.kind === 'choices') return input.options.filter((option) => !isBlank(option)).map(normalizeText);
  if (input.kind === 'over_under' && input.line !== null) return overUnderLabels(input.line);
  return [];
}

function checkChoices(options: string[]): RuleFailure<'options'> | null {
  const filled = options.filter((option) => !isBlank(option));
  if (filled.some((option) => hasForbiddenCharacters(option)))
    return { field: 'options', ...textMessages.invalidCharacters('A choice') };
  const trimmed = filled.map(normalizeText);
  if (trimmed.some((option) => option.length > POT_OPTION_MAX))
    return { field: 'options', ...potMessages.choiceTooLong };
  if (trimmed.length > POT_OPTIONS_MAX) return { field: 'options', ...potMessages.tooManyChoices };
  const distinct = new Set(trimmed.map((option) => option.toLowerCase()));
  // Two of the same choice are one choice: refused, not silently merged.
  if (trimmed.length < POT_OPTIONS_MIN || distinct.size !== trimmed.length)
    return { field: 'options', ...potMessages.addChoices };
  return null;
}

export function checkPotQuestion(question: string): RuleFailure<'question'> | null {
  if (isBlank(question)) return { field: 'question', ...potMessages.missingQuestion };
  if (hasForbiddenCharacters(question))
    return { field: 'question', ...textMessages.invalidCharacters('Question') };
  if (normalizeText(question).length > POT_QUESTION_MAX)
    return { field: 'question', ...potMessages.questionTooLong };
  return null;
}

/** Whether a pick fits the pot's kind and its number of outcomes. */
export function isPickValid(kind: PotKind, optionCount: number, pick: PotPick): boolean {
  if (kind === 'closest') return 'guess' in pick && isPotNumber(pick.guess);
  return (
    'optionIndex' in pick &&
    Number.isInteger(pick.optionIndex) &&
    pick.optionIndex >= 0 &&
    pick.optionIndex < optionCount
  );
}

/** The Start a Pot checks, in the order of the form's fields. `now` only for 'Entries close'. */
export function checkCreatePot(
  input: CreatePotFields,
  now: Date = new Date(),
): RuleFailure<keyof CreatePotFields> | null {
  const question = checkPotQuestion(input.question);
  if (question) return question;
  if (input.kind === 'choices') {
    const choices = checkChoices(input.options);
    if (choices) return choices;
  }
  if (input.kind === 'over_under') {
    if (input.line === null) return { field: 'line', ...potMessages.missingLine };
    if (!isPotNumber(input.line)) return { field: 'line', ...potMessages.invalidNumber };
  }
  const stake = checkBetAmount(input.stake);
  if (stake) return { ...stake, field: 'stake' };
  if (input.closesAt !== null) {
    const closes = new Date(input.closesAt);
    if (Number.isNaN(closes.getTime()) || closes <= now)
      return { field: 'closesAt', ...potMessages.invalidClosesAt };
  }
  if (input.resolveBy && !isResolveByAllowed(input.resolveBy))
    return { field: 'resolveBy', ...betMessages.invalidResolveBy };
  if (input.decider === 'vote' && input.kind !== 'choices')
    return { field: 'decider', ...potMessages.voteNeedsChoices };
  if (input.decider === 'referee' && (!input.refereeId || !USER_ID_PATTERN.test(input.refereeId)))
    return { field: 'refereeId', ...potMessages.pickReferee };
  const invitees = new Set(input.inviteeIds);
  if (invitees.size < POT_INVITEES_MIN || input.inviteeIds.some((id) => !USER_ID_PATTERN.test(id)))
    return { field: 'inviteeIds', ...potMessages.inviteFriends };
  if (invitees.size > POT_INVITEES_MAX) return { field: 'inviteeIds', ...potMessages.tooManyInvitees };
  if (input.decider === 'referee' && input.refereeId !== null && invitees.has(input.refereeId))
    return { field: 'refereeId', ...potMessages.refereeInvited };
  if (input.entry !== null && !isPickValid(input.kind, potOptionLabels(input).length, input.entry)) {
    return {
      field: 'entry',
      ...(input.kind === 'closest' ? potMessages.enterGuess : potMessages.pickOutcome),
    };
  }
  return null;
}

// ------------------------------------------------------------------ the split and the payment plan

/** One entrant, in join order: whether their pick won. */
export type SplitEntrant = { userId: string; won: boolean };

export type PotSplit = {
  outcome: PotOutcome;
  /** What each entrant gets back, in join order; the payouts sum to the pot. */
  payouts: { userId: string; payout: number }[];
};

/**
 * Who gets what from a decided pot. Winners share the pot equally in whole dollars; the leftover dollars go
 * one each to the winners who joined first. A push, no winner, or fewer than two entrants return every stake.
 * `entrants` must be in join order.
 */
export function splitPot(input: { stake: number; entrants: SplitEntrant[]; push?: boolean }): PotSplit {
  const { stake, entrants } = input;
  const refund = (outcome: PotOutcome): PotSplit => ({
    outcome,
    payouts: entrants.map(({ userId }) => ({ userId, payout: stake })),
  });
  if (entrants.length < 2) return refund('not_enough');
  if (input.push === true) return refund('push');
  const winners = entrants.filter((entrant) => entrant.won).length;
  if (winners === 0) return refund('no_winners');
  const pot = stake * entrants.length;
  const share = Math.floor(pot / winners);
  let leftover = pot - share * winners;
  const payouts = entrants.map(({ userId, won }) => {
    if (!won) return { userId, payout: 0 };
    const extra = leftover > 0 ? 1 : 0;
    leftover -= extra;
    return { userId, payout: share + extra };
  });
  return { outcome: 'won', payouts };
}

export type PotPayment = { payerId: string; payeeId: string; amount: number };

/**
 * The fewest payments that settle a split, deterministically: losers in join order pay winners in join
 * order, each payment as large as both sides allow, so there are at most losers + winners − 1 of them.
 */
export function paymentPlan(stake: number, split: PotSplit): PotPayment[] {
  const debtors = split.payouts
    .filter((p) => p.payout < stake)
    .map((p) => ({ userId: p.userId, left: stake - p.payout }));
  const creditors = split.payouts
    .filter((p) => p.payout > stake)
    .map((p) => ({ userId: p.userId, left: p.payout - stake }));
  const payments: PotPayment[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d];
    const creditor = creditors[c];
    if (!debtor || !creditor) break;
    const amount = Math.min(debtor.left, creditor.left);
    payments.push({ payerId: debtor.userId, payeeId: creditor.userId, amount });
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left === 0) d += 1;
    if (creditor.left === 0) c += 1;
  }
  return payments;
}

/** A vote result stands when a strict majority of the entrants agree. */
export function isStrictMajority(votes: number, entrants: number): boolean {
  return entrants > 0 && votes * 2 > entrants;
}

/** '<Payer> pays <Payee> $N'. */
export function potPaymentLine(payer: string, payee: string, amount: number): string {
  return `${payer} pays ${payee} ${formatDollars(amount)}`;
}

/** 'Pot: $N'. */
export function potTotalText(total: number): string {
  return `Pot: ${formatDollars(total)}`;
}

/**
 * What a pot with a result says about it: 'Result: <winning outcome>' (the option, or the actual number for
 * Over/Under and Closest Guess), or why every stake was returned.
 */
export function potResultText(pot: {
  outcome: PotOutcome | null;
  winningLabel: string | null;
  resultNumber: number | null;
}): string | null {
  if (pot.outcome === null) return null;
  if (pot.outcome !== 'won') return potOutcomeTexts[pot.outcome];
  const result = pot.winningLabel ?? (pot.resultNumber === null ? null : formatPotNumber(pot.resultNumber));
  return result === null ? null : `Result: ${result}`;
}

/** 'N entrants' on a pot's feed card. */
export function potEntrantsText(count: number): string {
  return `${count} ${count === 1 ? 'entrant' : 'entrants'}`;
}

/** The inbox line of an invitation. */
export function potInvitationLine(name: string, question: string): string {
  return `${name} invited you to a pot: ${question}`;
}

/** The pay apps' note for one pot payment: it names the product and the pot. */
export function potPaymentNote(question: string): string {
  return `Sidepot pot: ${question}`;
}
