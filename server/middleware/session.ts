import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';

/** Reads the better-auth session cookie once per request. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const found = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  c.set('user', found?.user ?? null);
  c.set('session', found?.session ?? null);
  await next();
});

/** Answers 401 unless a signed-in user made the request. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHORIZED');
  await next();
});
