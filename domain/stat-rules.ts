import { formatDollars } from './money.ts';
import type { PayerRecord } from './stats.ts';

/*
 * The payer record's texts, without zod: the profile shows them on first paint and stays out of zod's
 * weight. domain/stats.ts adds the schemas and re-exports everything here.
 */

/**
 * The signed streak in words, on the profile page and in the user profile dialog alike: 'N win streak',
 * 'N loss streak' for a losing run, 'No streak' without completed bets (ADR 052).
 */
export function streakText(streak: number): string {
  if (streak > 0) return `${streak} win streak`;
  if (streak < 0) return `${-streak} loss streak`;
  return 'No streak';
}

export function formatWinRate(winRate: number): string {
  return `${winRate.toFixed(1)}%`;
}

export type WinRateTone = 'good' | 'fair' | 'poor';

/** The spec's colours: 75 and above green, 50 and above yellow, otherwise red. */
export function winRateTone(winRate: number): WinRateTone {
  return winRate >= 75 ? 'good' : winRate >= 50 ? 'fair' : 'poor';
}

/** Days within which a lost bet counts as paid on time. */
export const PAY_WITHIN_DAYS = 3;

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
