/**
 * The bet page's 'History': the bet's events in order, built from what the database keeps about a bet
 * (its columns, the activity log rows the transitions write, its settlement). Zod-free: the server builds
 * it, the bet page words it.
 */
import { formatStakes, isEven, loserStake, type Stakes } from './bet-stakes.ts';
import { formatDollars } from './money.ts';

export const betEventKinds = [
  'placed',
  'accepted',
  'resolved',
  'disputed',
  'void_requested',
  'void_kept',
  'void_cancelled',
  'paid',
  'confirmed',
  'reminded',
  'settled',
  'settlement_confirmed',
] as const;
export type BetEventKind = (typeof betEventKinds)[number];

/** The activity-log types that are a step of the bet itself, and the event each one is. */
export const betEventOfNotification = {
  bet_accepted: 'accepted',
  challenge_taken: 'accepted',
  bet_completed: 'resolved',
  bet_disputed: 'disputed',
  void_requested: 'void_requested',
  void_kept: 'void_kept',
  payment_marked: 'paid',
  payment_confirmed: 'confirmed',
  payment_reminder: 'reminded',
} as const satisfies Record<string, BetEventKind>;

export type BetEvent = {
  kind: BetEventKind;
  /** ISO time; null only for a withdrawn void request: withdrawing writes no activity line to date it. */
  at: string | null;
  actorId: string;
  /** accepted: the prediction; disputed: the reason (only the latest dispute keeps one). */
  text: string | null;
  /** resolved: who was named the winner. */
  winnerId: string | null;
  /** settled: the net paid and the number of bets it covered. */
  amount: number | null;
  betCount: number | null;
  /**
   * placed: the stakes the creator offered (ADR 062, 066); counters later change the bet's own, so the
   * statement reads them from the offer's inbox line once the bet has counters. Null on every other event.
   */
  stakes: Stakes | null;
};

/** What the statement returns per event, oldest first (ties in the order the steps can happen). */
export type RawBetEvent = Omit<BetEvent, 'text'>;

type BetNow = {
  status: 'pending' | 'active' | 'completed';
  voidRequestedBy: string | null;
  acceptanceComment: string | null;
  disputeReason: string | null;
};

/**
 * Adds what the log rows do not carry: the prediction on the (last) acceptance, the reason on the last
 * dispute, and a void request's withdrawal, which writes no row: a request followed by another request,
 * or no longer standing on a still-active bet, was withdrawn by its requester. A request followed by a
 * resolution is not: 'I Won'/'I Lost' also clears a standing request, so the log cannot tell the two apart.
 */
export function buildBetTimeline(raw: readonly RawBetEvent[], bet: BetNow): BetEvent[] {
  const events: BetEvent[] = [];
  let openRequest: RawBetEvent | null = null;
  const withdraw = () => {
    if (openRequest) events.push({ ...blank(openRequest.actorId), kind: 'void_cancelled' });
    openRequest = null;
  };
  for (const event of raw) {
    if (event.kind === 'void_requested') {
      withdraw();
      openRequest = event;
    } else if (event.kind === 'void_kept' || event.kind === 'resolved') {
      openRequest = null;
    }
    events.push({ ...event, text: null });
  }
  if (openRequest !== null && !(bet.status === 'active' && bet.voidRequestedBy === openRequest.actorId))
    withdraw();
  const lastOf = (kind: BetEventKind) => events.findLast((event) => event.kind === kind);
  const accepted = lastOf('accepted');
  if (accepted) accepted.text = bet.acceptanceComment;
  const disputed = lastOf('disputed');
  if (disputed) disputed.text = bet.disputeReason;
  return events;
}

function blank(actorId: string): BetEvent {
  return {
    kind: 'void_cancelled',
    at: null,
    actorId,
    text: null,
    winnerId: null,
    amount: null,
    betCount: null,
    stakes: null,
  };
}

type Party = { id: string; name: string };

/**
 * One line of the history, e.g. 'Sam Lee accepted' or 'You marked $15 as paid'. An uneven bet names both
 * stakes as its card does, the creator's first ('$20 vs $10', ADR 066): the offer on 'placed', the agreed
 * terms on 'accepted'; a payment is what the loser risked (ADR 062).
 */
export function betEventSentence(
  event: BetEvent,
  bet: Stakes & { creator: Party; opponent: Party; winnerId: string | null },
  viewerId: string,
): string {
  const nameOf = (id: string | null) =>
    id === viewerId
      ? 'You'
      : id === bet.creator.id
        ? bet.creator.name
        : id === bet.opponent.id
          ? bet.opponent.name
          : 'Someone';
  const who = nameOf(event.actorId);
  switch (event.kind) {
    case 'placed':
      return `${who} placed the bet for ${formatStakes(event.stakes ?? bet)}`;
    case 'accepted':
      return isEven(bet) ? `${who} accepted` : `${who} accepted: ${formatStakes(bet)}`;
    case 'resolved': {
      const winner = nameOf(event.winnerId);
      return event.winnerId === event.actorId
        ? `${who} said 'I Won'`
        : `${who} said 'I Lost': ${winner} ${winner === 'You' ? 'win' : 'wins'}`;
    }
    case 'disputed':
      return `${who} disputed the result`;
    case 'void_requested':
      return `${who} asked to void`;
    case 'void_kept':
      return `${who} kept the bet on`;
    case 'void_cancelled':
      return `${who} withdrew the void request`;
    case 'paid':
      return `${who} marked ${formatDollars(loserStake({ ...bet, creatorId: bet.creator.id, opponentId: bet.opponent.id }))} as paid`;
    case 'confirmed':
      return `${who} confirmed the payment`;
    case 'reminded':
      return `${who} sent a payment reminder`;
    case 'settled': {
      const count = event.betCount ?? 1;
      return `${who} settled up: ${formatDollars(event.amount ?? 0)} for ${count} ${count === 1 ? 'bet' : 'bets'}`;
    }
    case 'settlement_confirmed':
      return `${who} confirmed the settle-up payment`;
  }
}
