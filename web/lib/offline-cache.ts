import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * The installed app's copy of what the signed-in user last saw (ADR 053): the session and the screens'
 * loaded queries (key, data and when; not TanStack's dehydrate, whose ~1 KiB went on every page's first load), in this browser's localStorage, so a reload without a network renders them
 * read-only instead of a spinner. Never a mutation (nothing is replayed), never another user's data:
 * cleared on Logout, whenever the server says nobody is signed in, and when another user signs in.
 */

const KEY = 'sidepot-offline-copy';
const VERSION = 1;
/** At most one write a second, however many queries settle. */
const SAVE_EVERY_MS = 1_000;
/** Screens worth keeping: the feed, bet pages, profile, friends, balances, the inbox and the red dot. */
const KEPT_ROOTS = new Set([
  'config',
  'profile',
  'friends',
  'friend-requests',
  'user-card',
  'bets',
  'notifications',
  'feed',
  'activity',
  'balances',
  'limits',
]);

type SavedSession = { user: { id: string }; session: unknown };
type SavedQuery = { queryKey: QueryKey; data: unknown; updatedAt: number };
type SavedCopy = { version: number; session: SavedSession; queries: SavedQuery[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSavedCopy(value: unknown): value is SavedCopy {
  return (
    isRecord(value) &&
    value['version'] === VERSION &&
    isRecord(value['session']) &&
    isRecord(value['session']['user']) &&
    typeof value['session']['user']['id'] === 'string' &&
    Array.isArray(value['queries']) &&
    value['queries'].every(
      (query: unknown) =>
        isRecord(query) && Array.isArray(query['queryKey']) && typeof query['updatedAt'] === 'number',
    )
  );
}

function readCopy(): SavedCopy | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isSavedCopy(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets the copy (Logout, signed out, another user). */
export function clearOfflineCopy(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage blocked (private mode): nothing was kept.
  }
}

/** The session the copy was saved with, for a reload without a network (web/lib/session.ts). */
export function readOfflineSession(): unknown {
  return readCopy()?.session ?? null;
}

/**
 * Keeps the copy current while the app runs, and when the app starts without a network, puts the saved
 * queries back into `queryClient` before the first screen asks for them. `currentSession` is the signed-in
 * session, or null: nothing is saved without one.
 */
export function keepOfflineCopy(queryClient: QueryClient, currentSession: () => SavedSession | null): void {
  if (typeof window === 'undefined') return;
  if (!navigator.onLine) {
    const copy = readCopy();
    // Their own time, so each is stale at once and refetched when the network is back.
    for (const query of copy?.queries ?? []) {
      queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const session = currentSession();
    if (!session) return;
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data !== undefined && KEPT_ROOTS.has(String(query.queryKey[0])))
      .map((query) => ({
        queryKey: query.queryKey,
        data: query.state.data,
        updatedAt: query.state.dataUpdatedAt,
      }));
    try {
      localStorage.setItem(KEY, JSON.stringify({ version: VERSION, session, queries } satisfies SavedCopy));
    } catch {
      // Over the storage quota: an old copy would be wrong, so keep none.
      clearOfflineCopy();
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || timer !== undefined) return;
    timer = setTimeout(save, SAVE_EVERY_MS);
  });
}
