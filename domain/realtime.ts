/**
 * What changed, for whom: the server publishes `{ userIds, kind }` after a change commits and the web
 * invalidates the queries that kind covers (`web/lib/query-keys.ts`, `keysForChange`). Only ids and kinds
 * travel (a NOTIFY payload is visible to every listener and must stay under 8 kB), never private data.
 */
// 'people': someone's name, username or photo changed; sent to them and their friends, whose screens show them.
export const changeKinds = ['bets', 'friends', 'notifications', 'feed', 'people', 'pots', 'groups'] as const;
export type ChangeKind = (typeof changeKinds)[number];
export type ChangeEvent = { kind: ChangeKind; betId?: string };

// Checked by hand rather than with zod: the web's event module is in every page's first download, and
// zod would add ~40 kB (gzip) to it.
export function isChangeKind(value: unknown): value is ChangeKind {
  return changeKinds.some((kind) => kind === value);
}

/** How far back a new stream's `ready` frame reaches: a page's first reads precede its stream by seconds. */
export const RECENT_WINDOW_MS = 60_000;

/**
 * The `ready` frame that opens a stream: the server's clock, and the user's changes the instance delivered
 * recently, complete from `from` on. The browser replays those that happened after its page started, which
 * its first data reads may have missed (ADR 045).
 */
export type RecentChanges = { now: number; from: number; changes: (ChangeEvent & { at: number })[] };

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A `ready` frame's data, or null if it is not one (an older server sends `{}`). */
export function parseRecentChanges(value: unknown): RecentChanges | null {
  if (typeof value !== 'object' || value === null) return null;
  if (!('now' in value) || !('from' in value) || !('changes' in value)) return null;
  const { now, from, changes } = value;
  if (!isTime(now) || !isTime(from) || !Array.isArray(changes)) return null;
  const parsed: RecentChanges['changes'] = [];
  for (const change of changes as unknown[]) {
    if (typeof change !== 'object' || change === null || !('kind' in change) || !('at' in change))
      return null;
    const { kind, at } = change;
    if (!isChangeKind(kind) || !isTime(at)) return null;
    const betId = 'betId' in change && typeof change.betId === 'string' ? change.betId : undefined;
    parsed.push(betId === undefined ? { kind, at } : { kind, betId, at });
  }
  return { now, from, changes: parsed };
}
