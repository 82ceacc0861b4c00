import { z } from 'zod';
import { payeeAppsSchema } from './profiles.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';
import { USER_ID_PATTERN } from './account-rules.ts';
import { refineWith } from './users.ts';
import {
  checkCreatePot,
  isPotNumber,
  potDeciders,
  potKinds,
  potMessages,
  potOptionLabels,
  potInvitationLine,
  potOutcomes,
  potStatuses,
  POT_DISPUTE_REASON_MAX,
  POT_DISPUTE_WINDOW_HOURS,
  type PotPick,
} from './pot-rules.ts';

// The zod-free rules live in pot-rules.ts (the Start a Pot form loads them without zod).
export * from './pot-rules.ts';

const potNumber = z.number().refine(isPotNumber, potMessages.invalidNumber.message);
const pickSchema = z.union([
  z.object({ optionIndex: z.number().int() }).strict(),
  z.object({ guess: z.number() }).strict(),
]);

export const createPotInputSchema = z
  .object({
    question: z.string(),
    kind: z.enum(potKinds),
    options: z.array(z.string()).max(50),
    line: z.number().nullable(),
    stake: z.number().nullable(),
    closesAt: z.iso.datetime({ offset: true }).nullable(),
    resolveBy: z.string().nullable(),
    decider: z.enum(potDeciders),
    refereeId: z.string().nullable(),
    inviteeIds: z.array(z.string()).max(100),
    entry: pickSchema.nullable(),
    /** A group pot: every invitee is a member, and every member sees it (ADR 063). */
    groupId: z.uuid('Group not found.').nullable().optional(),
  })
  .superRefine(refineWith((value) => checkCreatePot(value)))
  .transform((value) => ({
    question: normalizeText(value.question),
    kind: value.kind,
    options: potOptionLabels(value),
    line: value.kind === 'over_under' ? value.line : null,
    stake: value.stake ?? 0,
    closesAt: value.closesAt === null ? null : new Date(value.closesAt),
    resolveBy: value.resolveBy || null,
    decider: value.decider,
    refereeId: value.decider === 'referee' ? value.refereeId : null,
    inviteeIds: [...new Set(value.inviteeIds)],
    entry: value.entry satisfies PotPick | null,
    groupId: value.groupId ?? null,
  }));
export type CreatePotInput = z.output<typeof createPotInputSchema>;

/** Joining or changing a pick: an outcome by id, or a guess for Closest Guess. */
export const potPickInputSchema = z.union([
  z.object({ optionId: z.uuid('Choose an outcome.') }).strict(),
  z.object({ guess: potNumber }).strict(),
]);
export type PotPickInput = z.infer<typeof potPickInputSchema>;

/** The decider's result: the winning outcome, or the actual number (Over/Under, Closest Guess). */
/** The creator's new referee while waiting for the referee. */
export const pickRefereeInputSchema = z
  .object({ refereeId: z.string().regex(USER_ID_PATTERN, potMessages.pickReferee.message) })
  .strict();

export const votePotInputSchema = z.object({ optionId: z.uuid('Choose an outcome.') }).strict();

export const declarePotInputSchema = z.union([
  z.object({ optionId: z.uuid('Choose the winning outcome.') }).strict(),
  z.object({ number: potNumber }).strict(),
]);
export type DeclarePotInput = z.infer<typeof declarePotInputSchema>;

export const potPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  venmoHandle: z.string(),
});
export type PotPerson = z.infer<typeof potPersonSchema>;

export const potViewSchema = z.object({
  id: z.string(),
  question: z.string(),
  kind: z.enum(potKinds),
  line: z.number().nullable(),
  stake: z.number().int(),
  closesAt: z.string().nullable(),
  resolveBy: z.string().nullable(),
  decider: z.enum(potDeciders),
  creator: potPersonSchema,
  referee: potPersonSchema.nullable(),
  refereeAccepted: z.boolean(),
  /** The viewer was invited and said they are not entering (or left). */
  viewerDeclined: z.boolean(),
  /** As stored; {@link potState} folds in a passed closing time. */
  status: z.enum(potStatuses),
  outcome: z.enum(potOutcomes).nullable(),
  resultOptionId: z.string().nullable(),
  resultNumber: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The database's clock when the page was read, so the closing time is judged on one clock. */
  now: z.string(),
  /** The current result's dispute, if any (kept disputes stay on record: a result is disputed once). */
  disputedAt: z.string().nullable(),
  disputedBy: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** While disputed: each entrant's 'Keep Result' (false) or 'Overturn' (true). */
  disputeVotes: z.array(z.object({ userId: z.string(), overturn: z.boolean() })),
  options: z.array(z.object({ id: z.string(), label: z.string(), position: z.number().int() })),
  invitees: z.array(potPersonSchema),
  /** In join order. A Closest Guess entrant's guess is hidden from others (null) until entries close. */
  entrants: z.array(
    z.object({
      user: potPersonSchema,
      optionId: z.string().nullable(),
      guess: z.number().nullable(),
      payout: z.number().int().nullable(),
    }),
  ),
  /** 'Entrants vote': each entrant's current vote. */
  votes: z.array(z.object({ userId: z.string(), optionId: z.string() })),
  payments: z.array(
    z.object({
      id: z.string(),
      payer: potPersonSchema,
      payee: potPersonSchema,
      amount: z.number().int(),
      sent: z.boolean(),
      confirmed: z.boolean(),
      /** Paid in a settle-up with the pair's other debts, and confirmed with it (ADR 059). */
      settled: z.boolean(),
      /** The payee's payment apps, only to the payer (ADR 056); null for anyone else. */
      payTo: payeeAppsSchema.nullable(),
    }),
  ),
});
export type PotView = z.infer<typeof potViewSchema>;
export type PotViewStatus = PotView['status'];

/**
 * The state the page shows. Once entries close — by 'Close Entries' or by the closing time passing — the
 * pot is 'Awaiting result' until decided (ADR 054); 'closed' is how the first slice stored a closed pot.
 */
export function potState(pot: Pick<PotView, 'status' | 'closesAt' | 'now'>): PotViewStatus {
  if (pot.status === 'open' && pot.closesAt !== null && pot.closesAt <= pot.now) return 'awaiting';
  if (pot.status === 'closed') return 'awaiting';
  return pot.status;
}

/** Entries were open and are no longer: the page says 'Entries closed' beside the entrants. */
export function areEntriesClosed(pot: Pick<PotView, 'status' | 'closesAt' | 'now'>): boolean {
  const state = potState(pot);
  return state !== 'open' && state !== 'cancelled';
}

/**
 * Why a pot waits on the user in the inbox's 'Waiting on You' (the same rule as
 * server/features/notifications/waiting.sql.ts `potsWaitingOn`).
 */
export const potWaitingReasons = ['join', 'referee', 'pick_referee', 'dispute_vote'] as const;
export type PotWaitingReason = (typeof potWaitingReasons)[number];

export const waitingPotSchema = z.object({
  id: z.string(),
  question: z.string(),
  stake: z.number().int(),
  reason: z.enum(potWaitingReasons),
  creator: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
});
export type WaitingPot = z.infer<typeof waitingPotSchema>;

/** The line a waiting pot shows in 'Waiting on You'. */
export function waitingPotLine(pot: Pick<WaitingPot, 'reason' | 'question' | 'creator'>): string {
  switch (pot.reason) {
    case 'join':
      return potInvitationLine(pot.creator.name, pot.question);
    case 'referee':
      return `${pot.creator.name} asked you to referee a pot: ${pot.question}`;
    case 'pick_referee':
      return `Your referee declined: ${pot.question}`;
    case 'dispute_vote':
      return `Vote on the disputed result: ${pot.question}`;
  }
}

export type PotAction =
  | 'join'
  | 'decline'
  | 'changePick'
  | 'leave'
  | 'close'
  | 'cancel'
  | 'acceptReferee'
  | 'declineReferee'
  | 'pickReferee'
  | 'declare'
  | 'vote'
  | 'dispute'
  | 'disputeVote';

/** What the viewer may do with the pot now (payments are per line: see the page). */
export function availablePotActions(pot: PotView, viewerId: string): PotAction[] {
  const state = potState(pot);
  const isCreator = pot.creator.id === viewerId;
  const isReferee = pot.referee?.id === viewerId;
  const entered = pot.entrants.some((entrant) => entrant.user.id === viewerId);
  const invited = pot.invitees.some((invitee) => invitee.id === viewerId);
  const actions: PotAction[] = [];
  if (state === 'open') {
    if (entered) actions.push('changePick', 'leave');
    else if ((invited || isCreator) && !isReferee) actions.push('join');
    if (invited && !entered && !pot.viewerDeclined) actions.push('decline');
    if (isCreator) actions.push('close');
  }
  if (isCreator && (state === 'open' || state === 'closed' || state === 'awaiting')) actions.push('cancel');
  const over = state === 'decided' || state === 'cancelled';
  if (isReferee && !pot.refereeAccepted && !over) actions.push('acceptReferee', 'declineReferee');
  // 'Waiting for the referee': the creator may pick another until one accepts.
  if (isCreator && pot.decider === 'referee' && !pot.refereeAccepted && !over) actions.push('pickReferee');
  const decides =
    (pot.decider === 'me' && isCreator) || (pot.decider === 'referee' && isReferee && pot.refereeAccepted);
  if (decides && (state === 'open' || state === 'closed' || state === 'awaiting')) actions.push('declare');
  if (pot.decider === 'vote' && entered && (state === 'open' || state === 'closed' || state === 'awaiting'))
    actions.push('vote');
  if (mayDispute(pot, viewerId)) actions.push('dispute');
  if (state === 'disputed' && entered) actions.push('disputeVote');
  return actions;
}

/** Every payment of a decided pot confirmed (and at least one to confirm). */
export function isAllPaid(pot: Pick<PotView, 'status' | 'payments'>): boolean {
  return (
    pot.status === 'decided' && pot.payments.length > 0 && pot.payments.every((payment) => payment.confirmed)
  );
}

/**
 * 'Dispute': within 48 hours of a declared result, an entrant who lost and has not marked a payment paid
 * (the same rule as the server's conditional UPDATE in disputePot). A result is disputed once.
 */
export function mayDispute(
  pot: Pick<
    PotView,
    'status' | 'outcome' | 'decidedAt' | 'disputedAt' | 'now' | 'stake' | 'entrants' | 'payments'
  >,
  viewerId: string,
): boolean {
  if (pot.status !== 'decided' || pot.outcome !== 'won' || pot.disputedAt !== null || pot.decidedAt === null)
    return false;
  const windowMs = POT_DISPUTE_WINDOW_HOURS * 60 * 60 * 1000;
  if (Date.parse(pot.now) - Date.parse(pot.decidedAt) >= windowMs) return false;
  const mine = pot.entrants.find((entrant) => entrant.user.id === viewerId);
  if (!mine || mine.payout === null || mine.payout >= pot.stake) return false;
  return !pot.payments.some((payment) => payment.payer.id === viewerId && payment.sent);
}

export const disputePotInputSchema = z
  .object({
    reason: z
      .string()
      .max(POT_DISPUTE_REASON_MAX, 'Please keep the reason under 280 characters.')
      .refine((value) => !hasForbiddenCharacters(value), textMessages.invalidCharacters('Reason').message)
      .transform((value) => (isBlank(value) ? null : normalizeText(value)))
      .nullable(),
  })
  .strict();

export const disputeVoteInputSchema = z.object({ overturn: z.boolean() }).strict();

/**
 * A pot as the feed and the profile's pot lists show it (ADR 060): `status` is already {@link potState}
 * (a passed closing time reads 'awaiting'), `result` is {@link potResultText} once there is a result.
 */
export const feedPotSchema = z.object({
  type: z.literal('pot'),
  id: z.string(),
  question: z.string(),
  stake: z.number().int(),
  entrantCount: z.number().int(),
  status: z.enum(potStatuses),
  outcome: z.enum(potOutcomes).nullable(),
  result: z.string().nullable(),
  createdAt: z.string(),
  creator: potPersonSchema,
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type FeedPot = z.infer<typeof feedPotSchema>;

/** The profile's pots: 'Open Pots' (open, awaiting a result or disputed) and the decided ones, newest first. */
export const myPotsSchema = z.object({ open: z.array(feedPotSchema), decided: z.array(feedPotSchema) });
export type MyPots = z.infer<typeof myPotsSchema>;
