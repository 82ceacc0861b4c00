import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender as prerenderStatic } from 'react-dom/static';
import { App } from './app/app.tsx';
import { QueryClient } from '@tanstack/react-query';
import { loadFirstScreen, loadScreen, routes } from './app/router.tsx';
import { getNotificationSummaryQueryOptions } from './features/notifications/api/get-notification-summary.ts';
import { matchScreen, type FirstReads } from './lib/router/router.tsx';
import { createMemoryHistory } from './lib/router/history.ts';
import { renderClockAt } from './lib/render-clock.ts';
import { renderedSession } from './lib/rendered-data.ts';
import { isSessionData } from './lib/session.ts';

export { answerFirstReadsWith } from './lib/api-client.ts';

/** The signed-out first screens the build renders into HTML (ADR 047); the server serves them by path. */
export const PRERENDERED_PATHS = ['/', '/signup', '/login'] as const;

/** One screen: the title the server puts in the shell's head, and the markup that goes inside `#root`. */
export type PrerenderedScreen = { title: string | null; html: string };

/** React's escapes of a text (react-dom/server's escapeTextForBrowser), undone. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
/** React 19 writes a root's hoisted `<title>` (DocumentTitle) ahead of its markup. */
const HOISTED_TITLE = /^<title>([^<]*)<\/title>/;

function takeTitle(rendered: string): PrerenderedScreen {
  const hoisted = HOISTED_TITLE.exec(rendered);
  if (!hoisted) return { title: null, html: rendered };
  const title = (hoisted[1] ?? '').replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
  return { title, html: rendered.slice(hoisted[0].length) };
}

/**
 * The HTML of `path`'s first screen, signed out, as the browser's first render makes it: the same tree
 * (web/app/app.tsx), the screen's module loaded before the router starts (as createAppRouter does), and
 * the session store's signed-out state (web/lib/session.ts, its server snapshot). Run by the build
 * (scripts/vite/prerender.ts) through Vite's SSR build. The hoisted `<title>` is taken out of the markup:
 * the server puts it in the shell's head, where React's hydration adopts it (ADR 049).
 */
export async function prerender(path: string): Promise<PrerenderedScreen> {
  await loadFirstScreen(path);
  const router = createMemoryHistory({ initialEntries: [path], prepare: loadScreen });
  return takeTitle(renderToString(<App router={router} />));
}

/**
 * What the shell around every screen reads in its first render (the bottom nav's dot, and the screens' bell):
 * read with a screen's own first reads when the server renders it (ADR 067). The shell hydrates before the
 * screen, and its read, answered first, would show the screen's bell a count the server's markup had not.
 */
const shellFirstReads: FirstReads = (client) => [client.query(getNotificationSummaryQueryOptions())];

/** The first reads of the screen at `pathname`, its module loaded first; undefined when it declares none. */
async function firstReadsOf(pathname: string): Promise<FirstReads | undefined> {
  await loadScreen(pathname);
  return matchScreen(routes, pathname)?.route.screen.firstReads();
}

/**
 * Whether the server renders the screen at `pathname` with its data (ADR 067): asked before anything is read
 * for a request, so a signed-in request for any other screen costs no session read.
 */
export async function rendersScreen(pathname: string): Promise<boolean> {
  return (await firstReadsOf(pathname)) !== undefined;
}

/**
 * Reads the first data of the screen at `pathname` and of the shell around it into `client`, the screen's
 * module loaded first. True when the screen declares its first reads (`firstReads`, ADR 067) and every read
 * succeeded: a screen whose data could not be read is not rendered ahead (its error state is the app's to
 * show, with its toasts and retries).
 */
export async function readFirstData(client: QueryClient, pathname: string): Promise<boolean> {
  const reads = await firstReadsOf(pathname);
  if (!reads) return false;
  // A failed read is in the cache as one, which the check below sees.
  await Promise.all(
    [...shellFirstReads(client), ...reads(client)].map((read) => read.catch(() => undefined)),
  );
  return client
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === 'success');
}

/** A screen rendered with its data: also the data, as JSON for the page (web/lib/rendered-data.ts reads it). */
export type RenderedScreen = PrerenderedScreen & { dataJson: string };

async function renderApp(app: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderStatic(app, {
    // Every boundary inline: outlined ones (over 12,800 bytes by default) come with inline scripts that
    // put them in place, which the CSP (script-src 'self') refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A part that failed here would be left to the browser, whose hydration reports it as an error: the
    // server sends the plain shell instead (server/lib/signed-in-pages.ts).
    onError: (error) => {
      failure ??= error;
    },
  });
  if (failure !== null)
    throw failure instanceof Error ? failure : new Error('the render failed', { cause: failure });
  return new Response(prelude).text();
}

/**
 * A signed-in screen (`url`: path and query) rendered with its data for the user of `session` (GET
 * /api/auth/get-session's answer), or null when it is not one the server renders (it declares no first reads),
 * nobody is signed in, or a read failed (ADR 067). Times show as at `now` in `timeZone` (the viewer's, as far as
 * the server knows it: web/lib/render-clock.ts). Its reads go where `answerFirstReadsWith` sends them: the
 * server answers them from the API for this request (server/lib/signed-in-pages.ts). Rendered whole: the lazy
 * parts inside (the profile's bet lists) are waited for, and hydrate once their chunk is in.
 */
export async function renderSignedIn(
  url: string,
  session: unknown,
  { timeZone, now = Date.now() }: { timeZone?: string | undefined; now?: number } = {},
): Promise<RenderedScreen | null> {
  const { pathname } = new URL(url, 'http://app.invalid');
  if (!isSessionData(session)) return null;
  const data = session;
  // Not the app's client: a failed read here is only a reason to send the plain shell, never a toast.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { networkMode: 'always', retry: false, staleTime: Infinity } },
  });
  try {
    if (!(await readFirstData(queryClient, pathname))) return null;
    const clock = renderClockAt(now, timeZone);
    const html = await renderApp(
      <App
        router={createMemoryHistory({ initialEntries: [url], prepare: loadScreen })}
        queryClient={queryClient}
        rendered={{ session: renderedSession(data), clock }}
      />,
    );
    // What the render read: a part that reads more (the balances, the groups) rendered its loading state, as
    // the browser's hydration will, and reads once hydrated.
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter(({ state }) => state.status === 'success')
      .map(({ queryKey, state }) => ({ queryKey, data: state.data }));
    return { ...takeTitle(html), dataJson: JSON.stringify({ session: data, clock, queries }) };
  } finally {
    queryClient.clear();
  }
}
