import { z } from 'zod';
import { formatDollars } from './money.ts';

/** What the database aggregates for one user over their completed bets. */
export type StatsAggregate = {
  wins: number;
  losses: number;
  /** Amount won minus amount lost, in whole dollars. */
  net: number;
  /** Length of the run of identical results ending at the latest completed bet. */
  streakLength: number;
  /** Whether that latest completed bet was won; null without completed bets. */
  latestWon: boolean | null;
  friendsCount: number;
};

export const userStatsSchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  totalBets: z.number().int(),
  /** Percent to one decimal, 0 without completed bets. */
  winRate: z.number(),
  /** Positive for a winning streak, negative for a losing one, 0 for none. */
  streak: z.number().int(),
  netWinnings: z.number(),
  friendsCount: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export function deriveStats(aggregate: StatsAggregate): UserStats {
  const totalBets = aggregate.wins + aggregate.losses;
  const winRate = totalBets === 0 ? 0 : Math.round((aggregate.wins / totalBets) * 1000) / 10;
  const streak =
    aggregate.latestWon === null ? 0 : aggregate.latestWon ? aggregate.streakLength : -aggregate.streakLength;
  return {
    wins: aggregate.wins,
    losses: aggregate.losses,
    totalBets,
    winRate,
    streak,
    netWinnings: aggregate.net,
    friendsCount: aggregate.friendsCount,
  };
}

/**
 * The streak as the spec words it, on the profile page and in the user profile
 * dialog alike: 'N win streak', else 'No streak' (a losing run too; ADR 030).
 */
export function streakText(streak: number): string {
  return streak > 0 ? `${streak} win streak` : 'No streak';
}

export function formatWinRate(winRate: number): string {
  return `${winRate.toFixed(1)}%`;
}

export type WinRateTone = 'good' | 'fair' | 'poor';

/** The spec's colours: 75 and above green, 50 and above yellow, otherwise red. */
export function winRateTone(winRate: number): WinRateTone {
  return winRate >= 75 ? 'good' : winRate >= 50 ? 'fair' : 'poor';
}

/**
 * Reference implementation over a list of results, newest first; the server
 * computes the same aggregate in SQL, and tests compare the two.
 */
export function aggregateResults(
  results: { won: boolean; amount: number }[],
  friendsCount: number,
): StatsAggregate {
  let streakLength = 0;
  const latestWon = results[0]?.won ?? null;
  for (const result of results) {
    if (result.won !== latestWon) break;
    streakLength += 1;
  }
  return {
    wins: results.filter((r) => r.won).length,
    losses: results.filter((r) => !r.won).length,
    net: results.reduce((sum, r) => sum + (r.won ? r.amount : -r.amount), 0),
    streakLength,
    latestWon,
    friendsCount,
  };
}

/** Days within which a lost bet counts as paid on time (issue 12, section 5). */
export const PAY_WITHIN_DAYS = 3;

/**
 * The payer record: of the bets the user lost that were resolved over 3 days
 * ago or are already paid (`total`), how many were marked paid within 3 days
 * of resolution (`onTime`); and what they owe now (`unpaid`, whole dollars).
 */
export const payerRecordSchema = z.object({
  onTime: z.number().int(),
  total: z.number().int(),
  unpaid: z.number().int(),
});
export type PayerRecord = z.infer<typeof payerRecordSchema>;

/** 'Pays within 3 days: 12 of 13 (92%)', or null without a record yet (the line is hidden). */
export function payerRecordText(record: PayerRecord): string | null {
  if (record.total === 0) return null;
  const percent = Math.round((record.onTime / record.total) * 100);
  return `Pays within ${PAY_WITHIN_DAYS} days: ${record.onTime} of ${record.total} (${percent}%)`;
}

/** 'Unpaid: $40', or null when they owe nothing. */
export function unpaidText(record: PayerRecord): string | null {
  return record.unpaid > 0 ? `Unpaid: ${formatDollars(record.unpaid)}` : null;
}
