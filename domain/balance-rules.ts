import { formatDollars } from './money.ts';

/*
 * The balances' texts and links, without zod: the profile's Balances card shows them on first paint and
 * stays out of zod's weight. domain/balances.ts adds the schemas and re-exports everything here.
 */

export const balanceMessages = {
  changed: (name: string) => `Your balance with ${name} changed. Please review it again.`,
  notDebtor: (name: string) => `You don't owe ${name} anything to settle.`,
  allSettled: 'All settled up',
} as const;

/** A balance line: 'You owe Alex $35' or 'Alex owes you $20'. */
export function balanceLine(name: string, net: number): string {
  if (net < 0) return `You owe ${name} ${formatDollars(-net)}`;
  if (net > 0) return `${name} owes you ${formatDollars(net)}`;
  return balanceMessages.allSettled;
}

/** A bet paid by a settlement: 'Settled in a $35 payment'. */
export function settledInText(amount: number): string {
  return `Settled in a ${formatDollars(amount)} payment`;
}

/** '1 bet', '3 bets'. */
export function betCountText(count: number): string {
  return count === 1 ? '1 bet' : `${count} bets`;
}

/** The settle-up payment's Venmo note: 'Sidepot: 3 bets'. */
export function settleUpNote(betCount: number): string {
  return `Sidepot: ${betCountText(betCount)}`;
}
