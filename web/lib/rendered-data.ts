import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  isSameState,
  isSessionData,
  startSessionFrom,
  type RenderClock,
  type RenderedPage,
  type SessionData,
  type SessionState,
} from './session.ts';

/** The element the server puts a rendered screen's data in (server/lib/signed-in-pages.ts, ADR 067). */
const RENDERED_DATA_ID = 'rendered-data';

/** What a screen the server rendered was rendered with: its user's session, and every query's data. */
export type RenderedData = {
  session: SessionData;
  clock: RenderClock;
  queries: { queryKey: QueryKey; data: unknown }[];
};

function parseClock(value: unknown): RenderClock | null {
  if (typeof value !== 'object' || value === null) return null;
  if (!('now' in value) || !('today' in value) || !('timeZone' in value) || !('offset' in value)) return null;
  const { now, today, timeZone, offset } = value;
  return typeof now === 'number' &&
    typeof today === 'string' &&
    typeof timeZone === 'string' &&
    typeof offset === 'number'
    ? { now, today, timeZone, offset }
    : null;
}

function parseQueries(value: unknown): RenderedData['queries'] | null {
  if (!Array.isArray(value)) return null;
  const queries: RenderedData['queries'] = [];
  for (const query of value as unknown[]) {
    if (typeof query !== 'object' || query === null || !('queryKey' in query) || !('data' in query))
      return null;
    const { queryKey, data } = query;
    if (!Array.isArray(queryKey)) return null;
    queries.push({ queryKey, data });
  }
  return queries;
}

/**
 * The data the server rendered this page's screen with (web/prerender.tsx's renderSignedIn), or null when
 * there is none or it is not readable: the app then renders afresh and reads from the network.
 */
/** The state a screen rendered for `data` starts from: the same object on the server and in hydration. */
export function renderedSession(data: SessionData): SessionState {
  return { data, isPending: false, error: null };
}

function readRenderedData(): RenderedData | null {
  const text = document.getElementById(RENDERED_DATA_ID)?.textContent;
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  if (!('session' in parsed) || !('clock' in parsed) || !('queries' in parsed)) return null;
  const session = isSessionData(parsed.session) ? parsed.session : null;
  const clock = parseClock(parsed.clock);
  const queries = parseQueries(parsed.queries);
  return session && clock && queries ? { session, clock, queries } : null;
}

/**
 * Starts the session store and `client`'s cache from the data the server rendered this page's screen with,
 * before hydration reads them (web/main.tsx): what hydration renders with (the session and the clock), or null
 * when the page has no readable data (the app then renders afresh and reads from the network). The data is as
 * fresh as the page.
 */
export function startFromRenderedData(client: QueryClient): RenderedPage | null {
  const data = readRenderedData();
  if (!data) return null;
  const session = renderedSession(data.session);
  // The page's own session read may have answered first: a user it read stays; a failed read keeps its error
  // (so it is retried) with the server's user; a signed-out answer (the session ended meanwhile) stays so.
  const started = startSessionFrom((current) =>
    current.isPending
      ? session
      : current.data === null && current.error !== null
        ? { ...current, data: session.data }
        : current,
  );
  const now = Date.now();
  for (const { queryKey, data: value } of data.queries)
    client.setQueryData(queryKey, value, { updatedAt: now });
  // The store's own object when it holds the same: hydration's snapshot is then the browser's, and React need not
  // render the session's readers again right after hydrating (ADR 068).
  return { session: isSameState(started, session) ? started : session, clock: data.clock };
}
