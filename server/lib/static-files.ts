import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './errors.ts';
import { dataPreloads, hasSessionCookie, sessionPreload } from './data-preloads.ts';
import { inlineStylesheets } from './inline-styles.ts';
import {
  prerenderedPathFor,
  readPrerenderedPages,
  withPrerenderedPage,
  withScreen,
  type PrerenderedPages,
} from './prerendered-pages.ts';
import { modulePreloads, routePreloads } from './route-preloads.ts';
import { RENDERED_DATA_ID, signedInPages, type ReadApi } from './signed-in-pages.ts';

/** The viewer's time zone, kept by web/main.tsx: a signed-in screen's times are rendered in it (ADR 067). */
const TIME_ZONE_COOKIE = 'sidepot.tz';
/** web/lib/rendered-data.ts, as Vite's manifest names it. */
const RENDERED_DATA_MODULE = 'lib/rendered-data.ts';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files whose URL never changes but whose content does with each release: the
 * service worker (the browser must see a new one at once, or it keeps serving
 * the old shell) and the web app manifest. Checked with the server every time.
 */
const REVALIDATE = new Set(['/sw.js', '/manifest.webmanifest']);

/**
 * A path whose last segment ends in `.ext` asks for a file (`/x.js`,
 * `/robots.txt`, `/favicon.ico`), never a screen: SPA routes and their ids and
 * codes carry no dot in the last segment.
 */
const FILE_LIKE = /\.[a-z0-9]+$/i;
const HIDDEN = /(?:^|\/)\./;

export type StaticFilesOptions = {
  /** A GET of the API for the request being answered, with its cookies (a signed-in screen's data, ADR 067). */
  readApi: (c: Context<AppEnv>, path: string) => ReturnType<ReadApi>;
};

/**
 * Serves the built SPA: hashed assets cached for a year, HTML, /sw.js and the
 * web app manifest revalidated on every use,
 * prebuilt `.br`/`.gz` twins (see scripts/vite/precompress.ts) chosen by
 * Accept-Encoding, and every other GET that is not a file gets index.html
 * (history fallback, so deep links like /feed load). A path that names a file
 * which is not there is a 404, never the shell.
 */
export function staticFiles(root: string, { readApi }: StaticFilesOptions) {
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;
  const preloadsFor = routePreloads(root);
  const preloadsOf = modulePreloads(root);
  const shellByPath = new Map<string, string>();
  let pages: PrerenderedPages | undefined;
  const renderSignedIn = signedInPages(root);
  const serveShell = async (c: Context<AppEnv>) => {
    indexHtml ??= inlineStylesheets(root, await readFile(indexPath, 'utf8'));
    pages ??= await readPrerenderedPages(root);
    const cookie = c.req.header('cookie');
    // A signed-in /home, /feed or /profile gets its screen with the user's data in the HTML (ADR 067).
    if (hasSessionCookie(cookie)) {
      const url = new URL(c.req.url);
      const screen = await renderSignedIn(
        `${url.pathname}${url.search}`,
        getCookie(c, TIME_ZONE_COOKIE),
        (apiPath) => readApi(c, apiPath),
        (error) => c.var.deps.logger.warn({ err: error, path: c.req.path }, 'signed-in screen not rendered'),
      );
      if (screen) {
        // The screen's chunks, the reader of its data (web/main.tsx imports it for such a page), the session.
        const head = `${preloadsFor(c.req.path)}${preloadsOf(RENDERED_DATA_MODULE)}${sessionPreload()}</head>`;
        const data = `<script type="application/json" id="${RENDERED_DATA_ID}">${screen.dataJson}</script>`;
        c.header('Vary', 'Cookie');
        // One user's data: never kept by a shared cache.
        c.header('Cache-Control', 'private, no-cache');
        return c.html(withScreen(indexHtml.replace('</head>', head), c.req.path, screen, data));
      }
    }
    const preloads = preloadsFor(c.req.path) + dataPreloads(c.req.path, cookie);
    // A signed-out /, /signup or /login gets its screen in the HTML, painted before any script (ADR 047).
    const prerendered = prerenderedPathFor(
      pages,
      c.req.path,
      new URL(c.req.url).searchParams,
      !hasSessionCookie(cookie),
    );
    const key = `${prerendered ?? ''}\n${preloads}`;
    let shell = shellByPath.get(key);
    if (shell === undefined) {
      shell = indexHtml.replace('</head>', `${preloads}</head>`);
      if (prerendered !== null) shell = withPrerenderedPage(shell, pages, prerendered);
      shellByPath.set(key, shell);
    }
    // Signed in or not, the shell differs (its data preloads): a shared cache must not swap them.
    c.header('Vary', 'Cookie');
    return c.html(shell);
  };

  return (
    new Hono<AppEnv>()
      .use('*', async (c, next) => {
        await next();
        if (c.res.status !== 200 || c.res.headers.get('Cache-Control')?.startsWith('private')) return;
        const isHtml = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
        c.res.headers.set(
          'Cache-Control',
          isHtml || REVALIDATE.has(c.req.path)
            ? 'no-cache'
            : c.req.path.startsWith('/assets/')
              ? IMMUTABLE
              : 'public, max-age=3600',
        );
      })
      // Dot folders hold build metadata (.vite/manifest.json), not files for browsers.
      .use('*', async (c, next) => {
        if (HIDDEN.test(c.req.path)) throw new AppError('NOT_FOUND');
        await next();
      })
      // Before serveStatic, which would answer / with index.html as it is, without the screen's preloads.
      .get('/', serveShell)
      // The auth forms post to their own page when sent before the app has run (ADR 047). 204: the browser
      // stays on the page with what was typed, to be sent again once the app runs. Nothing sent is read.
      .post('/', (c) => c.body(null, 204))
      .post('/signup', (c) => c.body(null, 204))
      .post('/login', (c) => c.body(null, 204))
      .use('*', serveStatic({ root, precompressed: true }))
      // A missing file is a stale deploy, a typo or a probe, never a page: a 404 in
      // the error shape (app.onError), not the shell.
      .get('/assets/*', () => {
        throw new AppError('NOT_FOUND');
      })
      .get('*', async (c) => {
        if (FILE_LIKE.test(c.req.path)) throw new AppError('NOT_FOUND');
        return serveShell(c);
      })
  );
}
