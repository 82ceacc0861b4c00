import { formatDollars } from './money.ts';

/*
 * Odds and counter-offers (ADR 062), without zod: the Place Bet screen and the bet card load them.
 * A bet's stakes are what each side risks; an even bet has both equal to the amount. While a bet is
 * pending its stakes are the terms on the table: the last counter's, or the creator's offer.
 */

export type Stakes = { creatorStake: number; opponentStake: number };

/** At most this many counters per bet; then the party it waits on accepts or declines. */
export const COUNTER_MAX = 5;
export const COUNTER_NOTE_MAX = 280;

export const stakeLabels = {
  even: 'Even',
  odds: 'Give Odds',
  youRisk: 'You risk',
  theyRisk: 'They risk',
  counter: 'Counter',
  acceptCounter: 'Accept Counter',
} as const;

export const counterMessages = {
  /** A counter, accept or decline that lost a race to another change of the same bet. */
  changed: 'This bet changed. Please review it again.',
  tooMany: `This bet already has ${COUNTER_MAX} counters. Accept or decline it.`,
  notYourTurn: 'This bet is waiting on the other side.',
  sameTerms: 'Propose different stakes, or accept the bet as it is.',
} as const;

export function isEven(stakes: Stakes): boolean {
  return stakes.creatorStake === stakes.opponentStake;
}

/** '$20' for an even bet, '$20 vs $10' (the creator's stake first) for odds. */
export function formatStakes(stakes: Stakes): string {
  return isEven(stakes)
    ? formatDollars(stakes.creatorStake)
    : `${formatDollars(stakes.creatorStake)} vs ${formatDollars(stakes.opponentStake)}`;
}

type Parties = { creatorId: string; opponentId: string };

/** What `userId` risks on this bet (the creator's stake for anyone who is not the opponent). */
export function stakeOf(bet: Stakes & Parties, userId: string): number {
  return bet.opponentId === userId ? bet.opponentStake : bet.creatorStake;
}

/**
 * What the loser pays: their own stake. The same rule as server/lib/stakes.sql.ts `loserStake`.
 * `winnerId` null (not resolved yet): the creator's stake.
 */
export function loserStake(bet: Stakes & Parties & { winnerId: string | null }): number {
  return bet.winnerId === bet.creatorId ? bet.opponentStake : bet.creatorStake;
}

/**
 * The party a pending bet waits on: the opponent after the offer and after each creator counter, the
 * creator after each opponent counter. Counters alternate, so the count's parity says whose turn it is;
 * nobody once both agreed and the bet waits only for its referee (ADR 061). The same rule as
 * server/lib/stakes.sql.ts `pendingAnswerer`.
 */
export function pendingAnswerer(bet: Parties & { counterCount: number; opponentAccepted?: boolean }): string | null {
  if (bet.opponentAccepted === true) return null;
  return bet.counterCount % 2 === 0 ? bet.opponentId : bet.creatorId;
}

/** The bet page's line for one counter: 'Sam countered: $15 vs $10'. */
export function counterLine(name: string, stakes: Stakes): string {
  return `${name} countered: ${formatStakes(stakes)}`;
}
