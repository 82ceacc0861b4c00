import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached,
 * and every other GET that is not a file gets index.html (history fallback,
 * so deep links like /feed load).
 */
export function staticFiles(root: string) {
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;

  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      await next();
      if (c.res.status !== 200) return;
      const isHtml = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
      c.res.headers.set(
        'Cache-Control',
        isHtml ? 'no-cache' : c.req.path.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
      );
    })
    .use('*', serveStatic({ root }))
    // A missing hashed asset is a stale deploy or a typo, never a page: a 404 in
    // the error shape (app.onError), not the shell.
    .get('/assets/*', () => {
      throw new AppError('NOT_FOUND');
    })
    .get('*', async (c) => {
      indexHtml ??= await readFile(indexPath, 'utf8');
      return c.html(indexHtml);
    });
}
