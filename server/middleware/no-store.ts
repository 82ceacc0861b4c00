import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * API answers are private to the signed-in caller: a JSON answer that did not
 * choose its own caching (avatars are immutable, the event stream is
 * no-cache) is never stored by the browser or a shared cache in between.
 */
export const noStoreJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get('content-type') ?? '';
  if (type.startsWith('application/json') && !c.res.headers.has('cache-control')) {
    c.res.headers.set('Cache-Control', 'no-store');
  }
});
