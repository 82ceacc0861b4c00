import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './errors.ts';
import { dataPreloads } from './data-preloads.ts';
import { inlineStylesheets } from './inline-styles.ts';
import { routePreloads } from './route-preloads.ts';

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

/**
 * Serves the built SPA: hashed assets cached for a year, HTML, /sw.js and the
 * web app manifest revalidated on every use,
 * prebuilt `.br`/`.gz` twins (see scripts/vite/precompress.ts) chosen by
 * Accept-Encoding, and every other GET that is not a file gets index.html
 * (history fallback, so deep links like /feed load). A path that names a file
 * which is not there is a 404, never the shell (issue 13, point 7).
 */
export function staticFiles(root: string) {
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;
  const preloadsFor = routePreloads(root);
  const shellByPath = new Map<string, string>();
  const serveShell = async (c: Context<AppEnv>) => {
    indexHtml ??= inlineStylesheets(root, await readFile(indexPath, 'utf8'));
    const preloads = preloadsFor(c.req.path) + dataPreloads(c.req.path, c.req.header('cookie'));
    let shell = shellByPath.get(preloads);
    if (shell === undefined) {
      shell = indexHtml.replace('</head>', `${preloads}</head>`);
      shellByPath.set(preloads, shell);
    }
    // Signed in or not, the shell differs (its data preloads): a shared cache must not swap them.
    c.header('Vary', 'Cookie');
    return c.html(shell);
  };

  return (
    new Hono<AppEnv>()
      .use('*', async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
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
