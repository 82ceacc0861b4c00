import { formatDollars } from './money.ts';

/*
 * Self-set limits (ADR 029). "This week" is the last 7 × 24 hours, by the
 * time a bet was resolved: the same window as the weekly leaderboard, with no time zone and no
 * Monday-morning reset to bet against.
 *
 * No zod here: /home reads `isOnBreak` and the break notice's text without loading zod;
 * domain/limits.ts adds the schemas and re-exports all of this.
 */

/** The window of "this week's losses", in days. */
export const LOSS_WINDOW_DAYS = 7;
/** Raising or removing a limit waits this long; a first limit or a lower one applies at once. */
export const LIMIT_RAISE_DELAY_HOURS = 24;
export const WEEKLY_LOSS_LIMIT_MAX = 1_000_000;

export const breakDurations = ['24h', '7d', '30d'] as const;
export type BreakDuration = (typeof breakDurations)[number];
export const breakDurationLabels: Record<BreakDuration, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};
export const breakDurationHours: Record<BreakDuration, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

// Made on first use: a page's first Intl object costs tens of ms of ICU set-up (see money.ts).
const breakEndFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Nov 25, 2026, 3:04 PM' in the viewer's time zone (the web: the device's, or `timeZone` where the server
 * renders a screen in the zone it knows for the viewer, ADR 067), or with 'UTC' (server messages).
 */
export function formatLimitTime(iso: string, zone: 'local' | 'utc' = 'local', timeZone?: string): string {
  const key = zone === 'utc' ? 'utc' : `local:${timeZone ?? ''}`;
  let format = breakEndFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(zone === 'utc' ? { timeZone: 'UTC', timeZoneName: 'short' } : { timeZone }),
    });
    breakEndFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

export const limitMessages = {
  saved: 'Settings saved',
  /** The title of the toast that refuses a bet over the limit (its message is `exceeds`). */
  reachedTitle: 'Weekly limit reached',
  exceeds: (limit: number) => `This bet would exceed your weekly loss limit of ${formatDollars(limit)}.`,
  onBreak: (untilIso: string, zone: 'local' | 'utc' = 'local', timeZone?: string) =>
    `You are on a break until ${formatLimitTime(untilIso, zone, timeZone)}.`,
  invalidLimit: 'Please enter a whole number of dollars, or leave it empty for no limit.',
  limitTooLarge: `The largest limit is ${formatDollars(WEEKLY_LOSS_LIMIT_MAX)}.`,
  breakStarted: 'Your break has started.',
} as const;

/**
 * The form's text: empty is "no limit", otherwise whole dollars ('$' and
 * thousands separators allowed). Returns undefined when it is not a valid limit.
 */
export function parseLossLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const trimmed = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= WEEKLY_LOSS_LIMIT_MAX ? value : undefined;
}

/** Whether a bet of `amount` fits: reaching the limit exactly is allowed. */
export function fitsLimit(limit: number | null, committed: number, amount: number): boolean {
  return limit === null || committed + amount <= limit;
}

/** When a break of `duration` started at `now` ends. */
export function breakEnd(duration: BreakDuration, now: Date = new Date()): string {
  return new Date(now.getTime() + breakDurationHours[duration] * 3_600_000).toISOString();
}

/** Whether a break is in progress at `now`. */
export function isOnBreak(breakUntil: string | null, now: Date = new Date()): breakUntil is string {
  return breakUntil !== null && new Date(breakUntil).getTime() > now.getTime();
}
