import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { sessions, users } from '#server/db/schema/auth.ts';
import { SESSION_CACHE_SECONDS } from '#server/lib/session-cache.ts';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { latestMailTo, pathOf, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => closeTestApp(t));

const CACHE_COOKIE = 'sidepot.session_data';

function copyOf(agent: Agent): Agent {
  const copy = createAgent(t);
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Moves the clock past the cache's life without waiting for it (only Date is faked). */
function afterCacheExpires() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_SECONDS * 1000 + 1000 });
}

test('a signed-in request is answered from the signed cookie cache, and the database is read again after it expires', async () => {
  const { agent, user } = await signedInUser(t);
  expect(agent.cookies.has(CACHE_COOKIE)).toBe(true);
  // Removed behind better-auth's back (another instance, an operator): this instance cannot know.
  await t.db.delete(sessions).where(eq(sessions.userId, user.id));
  expect((await agent.api.profile.$get()).status).toBe(200);

  afterCacheExpires();
  expect((await agent.api.profile.$get()).status).toBe(401);
});

test('an expired cache cookie sent with a live session token is read through to the database, not signed out', async () => {
  const { agent } = await signedInUser(t);
  afterCacheExpires();
  // A client that keeps sending the stale cookie (a fixed Cookie header, a clock that disagrees).
  expect(agent.cookies.has(CACHE_COOKIE)).toBe(true);
  expect((await agent.api.profile.$get()).status).toBe(200);
});

test('a request without a cache cookie reads the session once and gets the cookie back', async () => {
  const { agent } = await signedInUser(t);
  agent.cookies.delete(CACHE_COOKIE);
  const res = await agent.api.profile.$get();
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${CACHE_COOKIE}=`))).toBe(true);
  expect(agent.cookies.has(CACHE_COOKIE)).toBe(true);
});

test('a forged cache cookie is not trusted', async () => {
  const { agent, user } = await signedInUser(t);
  const other = await signedInUser(t);
  // Someone else's (validly signed) cache next to this session's token: the token decides.
  agent.cookies.set(CACHE_COOKIE, other.agent.cookies.get(CACHE_COOKIE) ?? '');
  const res = await agent.api.profile.$get();
  expect(res.status).toBe(200);
  // The profile is this session's own (the old cast read a field the body does not have, so it never failed).
  expect((await res.json()).profile.id).toBe(user.id);
  agent.cookies.set(CACHE_COOKIE, 'tampered');
  expect((await agent.api.profile.$get()).status).toBe(200);
});

test('logout: a copy of the cookies, cache included, is refused at once', async () => {
  const { agent } = await signedInUser(t);
  const stolen = copyOf(agent);
  expect((await stolen.api.profile.$get()).status).toBe(200);
  expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
  expect((await stolen.api.profile.$get()).status).toBe(401);
  expect((await stolen.api.feed.$get({ query: {} })).status).toBe(401);
});

test('password reset: the other signed-in browsers are refused at once', async () => {
  const { agent, input } = await signedInUser(t);
  const laptop = copyOf(agent);
  expect((await laptop.api.profile.$get()).status).toBe(200);
  const anon = createAgent(t);
  await anon.post('/api/auth/request-password-reset', { email: input.email, redirectTo: '/reset-password' });
  const mail = await latestMailTo(t, input.email.toLowerCase(), 'Reset your Sidepot password');
  const follow = await anon.get(pathOf(mail.links[0] ?? ''));
  const token = new URL(follow.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token');
  expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })).status).toBe(200);

  expect((await laptop.api.profile.$get()).status).toBe(401);
  expect((await agent.api.notifications.summary.$get()).status).toBe(401);
});

test('account removal: the removed user is refused within the cache lifetime', async () => {
  const { agent, user } = await signedInUser(t);
  expect((await agent.api.profile.$get()).status).toBe(200);
  await t.db.delete(users).where(eq(users.id, user.id));
  afterCacheExpires();
  expect((await agent.api.profile.$get()).status).toBe(401);
  expect((await agent.get('/api/auth/get-session')).status).toBe(200);
  expect(await agent.get('/api/auth/get-session').then((res) => res.json())).toBeNull();
});

test('a profile edit is seen by the next request, not a stale cached copy', async () => {
  const { agent, input } = await signedInUser(t);
  expect((await agent.api.profile.$get()).status).toBe(200);
  const edit = { name: 'Renamed Person', username: input.username, phone: input.phone, venmoHandle: input.venmoHandle };
  expect((await agent.api.profile.$patch({ json: edit })).status).toBe(200);
  // better-auth's body, outside the typed API: checked rather than cast.
  const session = z.object({ user: z.object({ name: z.string() }) }).parse(await (await agent.get('/api/auth/get-session')).json());
  expect(session.user.name).toBe('Renamed Person');
});
