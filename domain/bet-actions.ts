import type { Bet } from './bets.ts';
import { canDispute, isOverdue, localToday } from './bet-rules.ts';
import { COUNTER_MAX, pendingAnswerer } from './bet-stakes.ts';

/*
 * What a bet waits on and what the viewer may do with it: the one rule the server answers with (the bet
 * page's `actions`, 'Waiting on You') and the web renders from. Zod-free, so the feed's bet cards load it
 * without zod.
 */

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
  /** Counters so far (ADR 062); absent means none. */
  counterCount?: number;
  /** Paid in a settle-up payment: it is confirmed with that payment, never singly. */
  settled?: boolean;
  /** The bet has a referee role: the parties neither claim nor concede it until disputed (ADR 061). */
  refereed?: boolean;
  /** The opponent accepted a refereed bet that still waits for its referee. */
  opponentAccepted?: boolean;
};

/** Why a bet waits on the user: the inbox's 'Waiting on You' and the red dot (spec section 4). */
/** 'referee' and 'pick_referee': a bet's referee role waits (ADR 061; server: betRefereeWaitingOn). */
export const waitingReasons = ['answer', 'confirm_void', 'resolve', 'pay', 'confirm_payment', 'referee', 'pick_referee'] as const;
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
      return pendingAnswerer({ ...bet, counterCount: bet.counterCount ?? 0 }) === userId ? 'answer' : null;
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
  'acceptCounter',
  'counter',
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
    case 'pending': {
      // Nobody answers once both agreed and the bet waits only for its referee (pendingAnswerer is null).
      const counters = bet.counterCount ?? 0;
      if (pendingAnswerer({ ...bet, counterCount: counters }) !== viewerId) return [];
      const answer: BetAction[] = [counters % 2 === 0 ? 'accept' : 'acceptCounter', 'decline'];
      return counters < COUNTER_MAX ? [...answer, 'counter'] : answer;
    }
    case 'active': {
      // On a refereed bet the referee decides; after a dispute a party may still concede.
      const resolve: BetAction[] = bet.disputedAt !== null ? ['concede'] : bet.refereed === true ? [] : ['resolve'];
      if (bet.voidRequestedBy === null) return [...resolve, 'requestVoid'];
      return bet.voidRequestedBy === viewerId ? [...resolve, 'cancelVoid'] : [...resolve, 'confirmVoid', 'keepBet'];
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
  return {
    ...bet,
    creatorId: bet.creator.id,
    opponentId: bet.opponent.id,
    settled: bet.settlement !== null,
    refereed: bet.referee != null,
    opponentAccepted: bet.referee?.opponentAccepted === true,
  };
}

/** What the viewer may do with a bet the web holds: the rule that fills the bet page's `actions`, not a copy. */
export function viewerBetActions(bet: Bet, viewerId: string, now?: Date): BetAction[] {
  return availableBetActions(betStateOf(bet), viewerId, now);
}
