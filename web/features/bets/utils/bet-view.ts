import type { Bet } from '#domain/bets.ts';

export { formatDollars } from '#domain/money.ts';
export { formatStakes } from '#domain/bet-stakes.ts';

/** The party of the bet who is not the viewer. */
export function otherParty(bet: Bet, viewerId: string): Bet['creator'] {
  return bet.creator.id === viewerId ? bet.opponent : bet.creator;
}
