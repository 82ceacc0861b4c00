import { createContext, useContext, useSyncExternalStore } from 'react';
import type { authClient, SessionUser } from './auth-client.ts';
import { clearOfflineCopy, readOfflineSession } from './offline-cache.ts';

/*
 * The signed-in session, read with a plain fetch of better-auth's GET /api/auth/get-session, so no page needs
 * the better-auth client (~12 KiB gzip) before it works (ADR 033). It behaves as the client's
 * `useSession` did: one read when first used, again when the tab comes back into view (at most every 5 s)
 * or back online, and when another tab signs out (better-auth's `storage` message, which we post too);
 * `isPending` is true only while no user is known; a failed read keeps the last user.
 */

export type SessionData = { user: SessionUser; session: { id: string; expiresAt: string | Date } };
/** A read that failed: an HTTP answer (`status`) or a network error. */
export type SessionReadError = { status: number; statusText: string; message?: string } | Error;
export type SessionState = { data: SessionData | null; isPending: boolean; error: SessionReadError | null };

const PATH = '/api/auth/get-session';
/** better-auth's cross-tab message: its client posts it to localStorage on sign-out. */
const MESSAGE_KEY = 'better-auth.message';
const FOCUS_REFETCH_EVERY_MS = 5_000;

/**
 * The server's word that the request for this page carried no session cookie (server/lib/data-preloads.ts):
 * then nobody is signed in, and a public screen renders at once instead of a round trip after the app has
 * started (ADR 044: Lighthouse's LCP on / and /login). A shell from the service worker's cache
 * has no such tag, and reads the session as before.
 */
const isSignedOutAtLoad =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="sidepot-session"][content="none"]') !== null;

let state: SessionState = { data: null, isPending: !isSignedOutAtLoad, error: null };
const listeners = new Set<() => void>();
let latestRequest = 0;
let lastFocusRead = 0;
let started = false;

function set(next: SessionState) {
  // A read that finds what the store holds changes nothing: its readers (most of the screen) would render
  // again, as a blocking update (useSyncExternalStore), for the same user (ADR 068).
  if (isSameState(state, next)) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Whether `next` shows what `current` does: the same user and session, settled, without an error. */
export const isSameState = (current: SessionState, next: SessionState): boolean =>
  !next.error && JSON.stringify(current) === JSON.stringify(next);

/** Whether a value is a session as GET /api/auth/get-session answers one (null when signed out). */
export function isSessionData(value: unknown): value is SessionData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'user' in value &&
    'session' in value &&
    value.user !== null
  );
}

/** Reads the session again; resolves when the answer (or failure) is in the store. */
export async function refetchSession(): Promise<void> {
  const request = ++latestRequest;
  if (state.data === null && !state.isPending) set({ ...state, isPending: true, error: null });
  try {
    const res = await fetch(PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (request !== latestRequest) return;
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => null);
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : undefined;
      const error = { status: res.status, statusText: res.statusText, ...(message ? { message } : {}) };
      set({ data: res.status === 401 ? null : state.data, isPending: false, error });
      return;
    }
    const body: unknown = await res.json();
    if (request !== latestRequest) return;
    const data = isSessionData(body) ? body : null;
    // Nobody signed in: what the last user saw must not stay on this device (ADR 053).
    if (data === null) clearOfflineCopy();
    set({ data, isPending: false, error: null });
  } catch (error) {
    if (request !== latestRequest) return;
    // No network: the installed app goes on with the session it last saw, read-only (ADR 053).
    const saved = state.data === null && !navigator.onLine ? readOfflineSession() : null;
    set({
      data: state.data ?? (isSessionData(saved) ? saved : null),
      isPending: false,
      error: error instanceof Error ? error : new Error(String(error)),
    });
  }
}

function refetchOnReturn() {
  if (!navigator.onLine || Date.now() - lastFocusRead < FOCUS_REFETCH_EVERY_MS) return;
  lastFocusRead = Date.now();
  void refetchSession();
}

function start() {
  if (started) return;
  started = true;
  lastFocusRead = Date.now();
  // Signed out by the server's word: nothing to read until something changes (sign-in, another tab, focus),
  // and nothing of the last user to keep (ADR 053).
  if (isSignedOutAtLoad) clearOfflineCopy();
  else void refetchSession();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refetchOnReturn();
  });
  window.addEventListener('online', refetchOnReturn);
  window.addEventListener('storage', (event) => {
    if (event.key === MESSAGE_KEY && navigator.onLine) void refetchSession();
  });
}

/**
 * Starts reading the session now rather than when a screen first asks (web/main.tsx, before the first
 * screen's chunk has loaded): the answer is then usually in the store by the first render.
 */
export function readSessionEarly(): void {
  start();
}

/** Tells the other tabs to read the session again (what the better-auth client does on sign-out). */
export function announceSessionChange(trigger: 'signout' | 'updateUser'): void {
  try {
    localStorage.setItem(
      MESSAGE_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger },
        clientId: Math.random().toString(36).slice(2, 9),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage blocked (private mode): other tabs notice at their next read.
  }
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

/** The signed-in session now, or null (the offline copy is saved only with one). */
export function currentSession(): SessionData | null {
  return state.data;
}
/**
 * The clock a server render of a signed-in screen used (ADR 067): its instant, and the date and time zone it
 * showed times in (the viewer's, from the `sidepot.tz` cookie web/app/after-load.ts keeps, or UTC before).
 */
export type RenderClock = {
  now: number;
  today: string;
  timeZone: string;
  /** That zone's offset at `now`, as `Date#getTimezoneOffset` gives one (minutes behind UTC). */
  offset: number;
};

/**
 * What a screen the server rendered was rendered with, given to that render and to the browser's hydration of
 * its markup: the session (signed out for the build's prerender, ADR 047), and the clock (null but for a
 * signed-in screen rendered with its data, ADR 067). A context rather than module state: the server renders
 * several users' screens at once.
 */
export type RenderedPage = { session: SessionState; clock: RenderClock | null };

export const RenderedPage = createContext<RenderedPage>({
  session: { data: null, isPending: false, error: null },
  clock: null,
});

/** Replaces the store's state before the first render, without telling anyone (web/lib/rendered-data.ts). */
export function startSessionFrom(next: (current: SessionState) => SessionState): SessionState {
  state = next(state);
  return state;
}

/** The session as the better-auth client's `useSession` gave it, with its `refetch`. */
export function useSession(): SessionState & { refetch: () => Promise<void> } {
  const rendered = useContext(RenderedPage).session;
  return { ...useSyncExternalStore(subscribe, getState, () => rendered), refetch: refetchSession };
}

/** The better-auth client, fetched when an auth form is sent (see above). */
export function loadAuthClient(): Promise<typeof authClient> {
  return import('./auth-client.ts').then((module) => module.authClient);
}
