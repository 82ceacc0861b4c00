/**
 * The signed session cookie cache (ADR 035): better-auth keeps a copy of the
 * session and its user in a signed `session_data` cookie, and a session check that finds a fresh
 * one makes no database query. Two things bound how stale that copy can be:
 *
 * - it lives SESSION_CACHE_SECONDS, after which the next check reads the database again;
 * - each copy carries a per-user version, changed here whenever one of the user's sessions ends
 *   or their row changes, so this instance stops trusting older copies at once.
 *
 * The versions are this process's own: another instance learns of a revocation when the copy it
 * was shown expires, within SESSION_CACHE_SECONDS.
 */
export const SESSION_CACHE_SECONDS = 10;

export function createSessionVersions(maxAgeMs: number = SESSION_CACHE_SECONDS * 1000) {
  const changed = new Map<string, { at: number; version: string }>();
  let sequence = 0;
  return {
    /** The version a cached copy of `userId`'s session must carry to be trusted. */
    versionOf(userId: string): string {
      return changed.get(userId)?.version ?? '0';
    },
    /** Copies made before now are refused here; entries older than any live copy are dropped. */
    invalidate(userId: string): void {
      const now = Date.now();
      for (const [id, entry] of changed) {
        if (now - entry.at <= maxAgeMs) break;
        changed.delete(id);
      }
      changed.delete(userId);
      sequence += 1;
      changed.set(userId, { at: now, version: `${now}.${sequence}` });
    },
  };
}

export type SessionVersions = ReturnType<typeof createSessionVersions>;
