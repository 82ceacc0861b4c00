import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { SessionUser } from '../features/auth/auth.service.ts';
import { AppError } from '../lib/errors.ts';

/** Reads the better-auth session cookie once per request. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  // Routers mounted on the same prefix each declare it; read the cookie only once.
  if (c.get('user')) {
    await next();
    return;
  }
  // A fresh signed copy of the session in the cookie is answered here, without better-auth's endpoint
  // pipeline (ADR 042); anything else is better-auth's to decide.
  // c.get, not c.var: Hono builds a new object from all variables on each `c.var` read.
  const { auth } = c.get('deps');
  const cached = auth.readCachedSession(c.req.header('cookie'));
  if (cached !== undefined) {
    c.set('user', cached?.user ?? null);
    c.set('session', cached?.session ?? null);
    await next();
    return;
  }
  const { headers, response: found } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  // The signed session cache cookie, (re)written when the check read the database (session-cache.ts).
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  c.set('user', found?.user ?? null);
  c.set('session', found?.session ?? null);
  await next();
});

/** The signed-in user; only call behind `requireUser`. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** Answers 401 unless a signed-in user made the request. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHORIZED');
  await next();
});
