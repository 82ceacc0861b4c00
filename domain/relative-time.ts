const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The spec's relative age: under 1 hour 'now', under 24 hours 'Nh ago', otherwise 'Nd ago'. */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  if (elapsed < HOUR_MS) return 'now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/**
 * A moment as the app shows one ('11/27/2026, 6:00:00 PM'), in `timeZone` (the device's when omitted): the
 * server renders a signed-in screen in the viewer's zone as far as it knows it (ADR 067).
 */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return new Date(value).toLocaleString('en-US', timeZone === undefined ? undefined : { timeZone });
}
