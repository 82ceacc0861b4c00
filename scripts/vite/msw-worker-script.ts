import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const WORKER_PATH = '/mockServiceWorker.js';

/**
 * Serves MSW's service worker script at /mockServiceWorker.js to the web component tests (vitest.config.ts,
 * project `web`) straight from the installed msw package, so the script always matches the library's
 * version and no copy of it lands in web/public (which ships to users) or in git. Dev server only.
 */
export function mswWorkerScript(): Plugin {
  const script = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'sidepot-msw-worker-script',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(WORKER_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.setHeader('Cache-Control', 'no-store');
        createReadStream(script).pipe(response);
      });
    },
  };
}
