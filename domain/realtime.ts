/**
 * What changed, for whom: the server publishes `{ userIds, kind }` after a change commits and the web
 * invalidates the queries that kind covers (`web/lib/query-keys.ts`, `keysForChange`). Only ids and kinds
 * travel (a NOTIFY payload is visible to every listener and must stay under 8 kB), never private data.
 */
export const changeKinds = ['bets', 'friends', 'notifications', 'feed'] as const;
export type ChangeKind = (typeof changeKinds)[number];
export type ChangeEvent = { kind: ChangeKind; betId?: string };

// Checked by hand rather than with zod: the web's event module is in every page's first download, and
// zod would add ~40 kB (gzip) to it.
export function isChangeKind(value: unknown): value is ChangeKind {
  return changeKinds.some((kind) => kind === value);
}
