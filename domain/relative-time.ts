const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The spec's relative age: under 1 hour 'now', under 24 hours 'Nh ago', otherwise 'Nd ago'. */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  if (elapsed < HOUR_MS) return 'now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}
