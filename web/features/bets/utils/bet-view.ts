import type { Bet } from '../../../../domain/bets.ts';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Whole dollars, as '$15' or '$1,200'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** The party of the bet who is not the viewer. */
export function otherParty(bet: Bet, viewerId: string): Bet['creator'] {
  return bet.creator.id === viewerId ? bet.opponent : bet.creator;
}
