import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/errors.ts';
import { trustedOrigins } from '../lib/origins.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Refuses a state-changing request that did not come from one of our own
 * pages. The session cookie is SameSite=Lax, which a
 * sibling origin on the same site (another port, a subdomain) still gets, so
 * the cookie alone proves nothing: browsers send `Origin` on every non-GET
 * fetch and form post, and `Sec-Fetch-Site` where they leave `Origin` out.
 * A request with neither is refused too; scripts set an Origin like a page.
 * `except` names path prefixes that check origins themselves (better-auth)
 * or need no origin (the one-click unsubscribe, authorised by its token).
 */
export function requireSameOrigin(publicUrl: string, options: { except?: string | readonly string[] } = {}) {
  const trusted = new Set(trustedOrigins(publicUrl));
  const except = options.except === undefined ? [] : typeof options.except === 'string' ? [options.except] : options.except;
  return createMiddleware<AppEnv>(async (c, next) => {
    const isExempt = except.some((prefix) => c.req.path.startsWith(prefix));
    if (!SAFE_METHODS.has(c.req.method) && !isExempt) {
      const origin = c.req.header('origin');
      const isOurs =
        origin === undefined ? c.req.header('sec-fetch-site') === 'same-origin' : trusted.has(origin);
      if (!isOurs) throw new AppError('CROSS_ORIGIN');
    }
    await next();
  });
}
