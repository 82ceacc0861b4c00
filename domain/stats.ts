import { z } from 'zod';

// The zod-free texts live in stat-rules.ts (the profile loads them without zod).
export * from './stat-rules.ts';

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
