import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, every other GET that
 * is not a file gets index.html (history fallback, so /feed deep links load).
 */
export function staticFiles(root: string) {
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;

  return new Hono<AppEnv>()
    .use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    )
    .use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }))
    .get('*', async (c) => {
      indexHtml ??= await readFile(indexPath, 'utf8');
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
}
