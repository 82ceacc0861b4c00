import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import { sessionSchema, userSchema } from '@better-auth/core/db';
import { z } from 'zod';

/**
 * The session check for a request that carries a fresh signed session cache cookie, without going
 * through better-auth's `getSession` endpoint (ADR 042). That endpoint answers such
 * a request from the cookie alone, but its pipeline (hooks, an internal context, header objects,
 * validation) cost ~0.5 ms per request. This reader makes the same checks, in the same order, with
 * better-auth's own schemas and date reviver, and answers only when they all pass; anything else —
 * no cache cookie, a chunked or malformed one, a bad signature, another token, another version, an
 * expired copy, a cache refresh due — is left to `auth.api.getSession` (`undefined`), which reads the
 * database and writes a new copy as before. So revocation works exactly as ADR 035 says.
 */

/** What `auth.api.getSession` answers for a signed-in request (its session without the token: auth-hooks.ts). */
export type CachedSession<User, Session extends { token: string }> = { user: User; session: Omit<Session, 'token'> };

/** The parts of better-auth's context the check reads (`await auth.$context`). */
export type CachedSessionContext = {
  secret: string;
  options: BetterAuthOptions;
  authCookies: { sessionToken: { name: string }; sessionData: { name: string } };
  sessionConfig: { cookieRefreshCache: unknown };
};

// better-auth's `cookieCachePayloadSchema` (cookies/cache.ts), plus the fields our user must have
// to be typed as one: a copy without them is left to better-auth.
const userFields = z.object({
  phone: z.string(),
  venmoHandle: z.string(),
  username: z.string().nullish(),
  displayUsername: z.string().nullish(),
});
const payloadSchema = z.looseObject({
  session: sessionSchema.loose(),
  user: userSchema.extend(userFields.shape).loose(),
  updatedAt: z.number(),
  version: z.string().optional(),
});
// better-auth's `compactCookieCacheSchema`.
const compactSchema = z.object({ session: z.record(z.string(), z.unknown()), expiresAt: z.number(), signature: z.string() });

type Payload = z.output<typeof payloadSchema>;
export type CachedUser = Payload['user'];
export type CachedSessionRow = Payload['session'];

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// better-auth's `safeJSONParse` turns ISO 8601 strings into dates (@better-auth/core/utils/json); it also
// logs unparsable text as an error, which a client's garbage cookie is not.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

function parseJsonWithDates(text: string): unknown {
  try {
    return JSON.parse(text, (_key, value: unknown) => {
      if (typeof value !== 'string' || !ISO_8601.test(value)) return value;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date;
    });
  } catch {
    return null;
  }
}

/** The first value of cookie `name`, decoded, as better-call's `parseCookies` (the one `getSession` reads) finds it. */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Builds the reader once better-auth's context is known; `undefined` when the configuration is one
 * this reader does not copy (another cache strategy, a refreshing cache), so every check goes to
 * better-auth.
 */
export function createCachedSessionReader(context: CachedSessionContext) {
  const { secret, options } = context;
  const cache = options.session?.cookieCache;
  const isCompact = cache?.strategy === undefined || cache.strategy === 'compact';
  if (cache?.enabled !== true || !isCompact || context.sessionConfig.cookieRefreshCache !== false) return undefined;
  const version = cache.version;
  const tokenName = context.authCookies.sessionToken.name;
  const dataName = context.authCookies.sessionData.name;

  /** better-call's `getSignedCookie`: the token, or undefined when its signature is not the one we would write. */
  function signedToken(cookie: string): string | undefined {
    const at = cookie.lastIndexOf('.');
    if (at < 1) return undefined;
    const token = cookie.slice(0, at);
    const signature = cookie.slice(at + 1);
    if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
    return sameText(signature, createHmac('sha256', secret).update(token).digest('base64')) ? token : undefined;
  }

  /** better-auth's `decodeCookieCache` (strategy compact): the payload, or undefined. */
  function decode(cookie: string): { payload: Payload; expiresAt: number } | undefined {
    if (!BASE64URL.test(cookie)) return undefined;
    const compact = compactSchema.safeParse(parseJsonWithDates(Buffer.from(cookie, 'base64url').toString('utf8')));
    if (!compact.success) return undefined;
    const { session, expiresAt, signature } = compact.data;
    const expected = createHmac('sha256', secret)
      .update(JSON.stringify({ ...session, expiresAt }))
      .digest('base64url');
    if (!sameText(signature, expected)) return undefined;
    // Its dates were revived with the rest of the cookie.
    const payload = payloadSchema.safeParse(session);
    return payload.success ? { payload: payload.data, expiresAt } : undefined;
  }

  /**
   * The session and user `auth.api.getSession` would answer from the cookies in `header`; null when
   * there is no session cookie (signed out); undefined when only better-auth can tell.
   */
  return function readCachedSession(header: string | null | undefined): CachedSession<CachedUser, CachedSessionRow> | null | undefined {
    const tokenCookie = header ? readCookie(header, tokenName) : undefined;
    if (tokenCookie === undefined || tokenCookie === '') return null;
    const token = signedToken(tokenCookie);
    const dataCookie = header ? readCookie(header, dataName) : undefined;
    if (!token || !dataCookie) return undefined;
    const decoded = decode(dataCookie);
    if (!decoded || decoded.payload.session.token !== token) return undefined;
    const { payload, expiresAt } = decoded;
    const expectedVersion = typeof version === 'function' ? version(payload.session, payload.user) : (version ?? '1');
    if (typeof expectedVersion !== 'string' || (payload.version || '1') !== expectedVersion) return undefined;
    const now = Date.now();
    const sessionExpiresAt = new Date(payload.session.expiresAt).getTime();
    if (expiresAt < now || !Number.isFinite(sessionExpiresAt) || sessionExpiresAt < now) return undefined;
    const { token: _token, ...session } = parseSessionOutput(options, {
      ...payload.session,
      expiresAt: new Date(payload.session.expiresAt),
      createdAt: new Date(payload.session.createdAt),
      updatedAt: new Date(payload.session.updatedAt),
    });
    const user = parseUserOutput(options, {
      ...payload.user,
      createdAt: new Date(payload.user.createdAt),
      updatedAt: new Date(payload.user.updatedAt),
    });
    return { user, session };
  };
}
