import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { sessions } from '../db/schema/auth.ts';
import type { Agent } from '../testing/agent.ts';
import { signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';
import { readCookie } from './cached-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => closeTestApp(t));

const CACHE_COOKIE = 'sidepot.session_data';
const compactSchema = z.object({ session: z.record(z.string(), z.unknown()), expiresAt: z.number(), signature: z.string() });
type Compact = z.output<typeof compactSchema>;

function cookieHeader(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

function cacheOf(agent: Agent): Compact {
  const value = agent.cookies.get(CACHE_COOKIE);
  if (!value) throw new Error('no cache cookie');
  return compactSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
}

/** A cache cookie as better-auth writes it (strategy compact), signed with `secret`. */
function writeCache(agent: Agent, cache: Omit<Compact, 'signature'>, secret: string) {
  const signature = createHmac('sha256', secret)
    .update(JSON.stringify({ ...cache.session, expiresAt: cache.expiresAt }))
    .digest('base64url');
  agent.cookies.set(CACHE_COOKIE, Buffer.from(JSON.stringify({ ...cache, signature })).toString('base64url'));
}

/** The session row removed behind better-auth's back: only a trusted cache copy still signs the request in. */
async function withOnlyTheCacheLeft() {
  const signedIn = await signedInUser(t);
  await t.db.delete(sessions).where(eq(sessions.userId, signedIn.user.id));
  expect((await signedIn.agent.api.profile.$get()).status).toBe(200);
  return signedIn;
}

test("a request with a fresh cache cookie is answered without better-auth's getSession endpoint", async () => {
  const { agent } = await signedInUser(t);
  const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
  expect((await agent.api.profile.$get()).status).toBe(200);
  expect((await agent.api.notifications.summary.$get()).status).toBe(200);
  expect(getSession).not.toHaveBeenCalled();

  agent.cookies.delete(CACHE_COOKIE);
  expect((await agent.api.profile.$get()).status).toBe(200);
  expect(getSession).toHaveBeenCalledTimes(1);
});

test('the cached reader answers what better-auth answers for the same cookies', async () => {
  const { agent, user } = await signedInUser(t, { username: `same_${Date.now().toString(36)}` });
  const header = cookieHeader(agent);
  const fast = t.deps.auth.readCachedSession(header);
  const slow = await t.deps.auth.api.getSession({ headers: new Headers({ cookie: header }) });
  expect(fast).toBeDefined();
  expect(fast?.user.id).toBe(user.id);
  expect(fast).toEqual(slow);
  expect(fast?.session).not.toHaveProperty('token');

  // Signed out: both say so.
  expect(t.deps.auth.readCachedSession(undefined)).toBeNull();
  expect(t.deps.auth.readCachedSession('theme=dark')).toBeNull();
  expect(await t.deps.auth.api.getSession({ headers: new Headers({ cookie: 'theme=dark' }) })).toBeNull();
});

test('cookies the reader cannot vouch for are left to better-auth', async () => {
  const { agent } = await signedInUser(t);
  const token = agent.cookies.get('sidepot.session_token') ?? '';
  const data = agent.cookies.get(CACHE_COOKIE) ?? '';
  const read = (cookie: string) => t.deps.auth.readCachedSession(cookie);
  expect(read(`sidepot.session_token=${token}; ${CACHE_COOKIE}=${data}`)).toBeDefined();
  // No cache copy, a chunked one, or a token signed with another secret.
  expect(read(`sidepot.session_token=${token}`)).toBeUndefined();
  expect(read(`sidepot.session_token=${token}; ${CACHE_COOKIE}.0=${data}`)).toBeUndefined();
  const sessionToken = decodeURIComponent(token).split('.')[0] ?? '';
  const otherSignature = createHmac('sha256', 'another-secret').update(sessionToken).digest('base64');
  expect(read(`sidepot.session_token=${encodeURIComponent(`${sessionToken}.${otherSignature}`)}; ${CACHE_COOKIE}=${data}`)).toBeUndefined();
  // The first of two same-named cookies counts, as in better-call's parser.
  expect(read(`sidepot.session_token=${token}; ${CACHE_COOKIE}=${data}; ${CACHE_COOKIE}=x`)).toBeDefined();
  expect(read(`sidepot.session_token=${token}; ${CACHE_COOKIE}=x; ${CACHE_COOKIE}=${data}`)).toBeUndefined();
});

test('a tampered cache cookie is not trusted', async () => {
  const secret = (await t.deps.auth.$context).secret;

  // Another name in the copy, its signature kept.
  const edited = await withOnlyTheCacheLeft();
  const cache = cacheOf(edited.agent);
  const user = z.record(z.string(), z.unknown()).parse(cache.session['user']);
  const renamed = { ...cache.session, user: { ...user, name: 'Mallory' } };
  edited.agent.cookies.set(CACHE_COOKIE, Buffer.from(JSON.stringify({ ...cache, session: renamed })).toString('base64url'));
  expect(t.deps.auth.readCachedSession(cookieHeader(edited.agent))).toBeUndefined();
  expect((await edited.agent.api.profile.$get()).status).toBe(401);

  // Signed with another secret.
  const forged = await withOnlyTheCacheLeft();
  writeCache(forged.agent, cacheOf(forged.agent), `${secret}-other`);
  expect(t.deps.auth.readCachedSession(cookieHeader(forged.agent))).toBeUndefined();
  expect((await forged.agent.api.profile.$get()).status).toBe(401);
});

test('an expired cache cookie is not trusted, even when validly signed', async () => {
  const secret = (await t.deps.auth.$context).secret;

  const stale = await withOnlyTheCacheLeft();
  writeCache(stale.agent, { session: cacheOf(stale.agent).session, expiresAt: Date.now() - 1 }, secret);
  expect(t.deps.auth.readCachedSession(cookieHeader(stale.agent))).toBeUndefined();
  expect((await stale.agent.api.profile.$get()).status).toBe(401);

  // A fresh copy of a session whose own expiry has passed.
  const ended = await withOnlyTheCacheLeft();
  const cache = cacheOf(ended.agent);
  const session = z.record(z.string(), z.unknown()).parse(cache.session['session']);
  writeCache(ended.agent, { session: { ...cache.session, session: { ...session, expiresAt: new Date(Date.now() - 1000).toISOString() } }, expiresAt: cache.expiresAt }, secret);
  expect(t.deps.auth.readCachedSession(cookieHeader(ended.agent))).toBeUndefined();
  expect((await ended.agent.api.profile.$get()).status).toBe(401);

  // Control: the same cookie re-signed unchanged is still trusted.
  const kept = await withOnlyTheCacheLeft();
  writeCache(kept.agent, cacheOf(kept.agent), secret);
  expect((await kept.agent.api.profile.$get()).status).toBe(200);
});

test('readCookie reads a cookie header the way better-call does', () => {
  expect(readCookie('a=1; b=2', 'b')).toBe('2');
  expect(readCookie('a=1; b="x%3Dy"', 'b')).toBe('x=y');
  expect(readCookie('b=1; b=2', 'b')).toBe('1');
  expect(readCookie('ab=1', 'b')).toBeUndefined();
  expect(readCookie('a;b=3', 'b')).toBe('3');
  expect(readCookie('b=%E0%A4%A', 'b')).toBe('%E0%A4%A');
});
