import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '../db/schema/bets.ts';
import type { Agent } from '../testing/agent.ts';
import { insertBet } from '../testing/bets.ts';
import { makeFriends, signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';

/*
 * State-changing API calls come from our own pages, and a
 * JSON route reads only JSON. A form on a sibling origin (same site, so the
 * SameSite=Lax cookie goes along) must not change anything.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const SIBLING = 'http://localhost:3001';

/** A raw request as `agent`'s browser would send it, with exactly the headers given. */
function send(
  agent: Agent,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
) {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return t.app.request(`${TEST_ORIGIN}${path}`, {
    method: init.method,
    headers: { cookie, [TEST_IP_HEADER]: agent.ip, ...init.headers },
    body: init.body,
  });
}

async function pendingBetBetweenFriends() {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  return { creator, opponent, bet };
}

async function statusOf(betId: string) {
  const [row] = await t.db.select({ status: bets.status }).from(bets).where(eq(bets.id, betId));
  return row?.status;
}

test('a foreign Origin is refused with 403 on every state-changing route family, and nothing changes', async () => {
  const { creator, opponent, bet } = await pendingBetBetweenFriends();
  type Call = { agent: Agent; method: string; path: string; type?: string; body?: string };
  const json = (body: unknown) => ({ type: 'application/json', body: JSON.stringify(body) });
  const calls: Call[] = [
    { agent: opponent.agent, method: 'POST', path: `/api/bets/${bet.id}/accept`, ...json({}) },
    { agent: opponent.agent, method: 'POST', path: `/api/bets/${bet.id}/decline` },
    {
      agent: creator.agent,
      method: 'POST',
      path: '/api/bets',
      ...json({ opponentId: opponent.user.id, description: 'Forged', amount: 5 }),
    },
    { agent: creator.agent, method: 'PUT', path: `/api/bets/${bet.id}/like` },
    {
      agent: creator.agent,
      method: 'POST',
      path: `/api/bets/${bet.id}/comments`,
      ...json({ text: 'forged' }),
    },
    { agent: creator.agent, method: 'DELETE', path: `/api/friends/${opponent.user.id}` },
    {
      agent: creator.agent,
      method: 'POST',
      path: '/api/friend-requests',
      ...json({ userId: opponent.user.id }),
    },
    { agent: creator.agent, method: 'PATCH', path: '/api/profile', ...json({ name: 'Forged' }) },
    { agent: creator.agent, method: 'PUT', path: '/api/profile/avatar', type: 'image/png', body: 'png' },
    { agent: creator.agent, method: 'POST', path: '/api/notifications/read-all' },
  ];
  for (const { agent, method, path, type, body } of calls) {
    const headers: Record<string, string> = { origin: SIBLING };
    if (type) headers['content-type'] = type;
    const res = await send(agent, path, { method, headers, body });
    expect({ path, method, status: res.status }).toEqual({ path, method, status: 403 });
    expect(await res.json()).toEqual({
      error: {
        code: 'CROSS_ORIGIN',
        message: 'This request did not come from a Sidepot page. Please reload Sidepot and try again.',
      },
    });
  }
  expect(await statusOf(bet.id)).toBe('pending');
  const friends = await (await creator.agent.api.friends.$get({ query: {} })).json();
  expect(friends.items.map((f) => f.id)).toEqual([opponent.user.id]);
});

test('a state-changing request with neither Origin nor Sec-Fetch-Site: same-origin is refused', async () => {
  const { opponent, bet } = await pendingBetBetweenFriends();
  const accept = (headers: Record<string, string>) =>
    send(opponent.agent, `/api/bets/${bet.id}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  expect((await accept({})).status).toBe(403);
  expect((await accept({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  expect((await accept({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  expect((await accept({ origin: 'null' })).status).toBe(403);
  expect(await statusOf(bet.id)).toBe('pending');

  expect((await accept({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  expect(await statusOf(bet.id)).toBe('active');
});

test('our own origin, and its 127.0.0.1 twin, may change state; reads need no Origin', async () => {
  const first = await pendingBetBetweenFriends();
  const ours = await send(first.opponent.agent, `/api/bets/${first.bet.id}/accept`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ prediction: 'Easy money' }),
  });
  expect(ours.status).toBe(200);

  const second = await pendingBetBetweenFriends();
  const twin = await send(second.opponent.agent, `/api/bets/${second.bet.id}/accept`, {
    method: 'POST',
    headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
    body: '{}',
  });
  expect(twin.status).toBe(200);

  expect((await send(second.creator.agent, '/api/bets/mine', { method: 'GET' })).status).toBe(200);
});

test('a JSON route answers 415 to any other body type, and nothing changes', async () => {
  const { creator, opponent, bet } = await pendingBetBetweenFriends();
  const types = [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
    '',
  ];
  for (const type of types) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (type) headers['content-type'] = type;
    const res = await send(opponent.agent, `/api/bets/${bet.id}/accept`, {
      method: 'POST',
      headers,
      body: '{"prediction":"x"}',
    });
    expect({ type, status: res.status }).toEqual({ type, status: 415 });
    expect(await res.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  }
  const create = await send(creator.agent, '/api/bets', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
    body: JSON.stringify({ opponentId: opponent.user.id, description: 'Plain', amount: 5 }),
  });
  expect(create.status).toBe(415);
  expect(await statusOf(bet.id)).toBe('pending');
  expect(await t.db.select().from(bets).where(eq(bets.createdBy, creator.user.id))).toHaveLength(1);
});

test('better-auth checks origins on /api/auth itself: a signed-in cross-origin or Origin-less POST is refused', async () => {
  const { agent } = await signedInUser(t);
  const signOut = (headers: Record<string, string>) =>
    send(agent, '/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  expect((await signOut({ origin: 'https://evil.example' })).status).toBe(403);
  expect((await signOut({})).status).toBe(403);
  expect(t.takeServerErrors().map((entry) => entry.msg)).toEqual(['Invalid origin: https://evil.example']);
  // Still signed in.
  expect((await agent.api.profile.$get()).status).toBe(200);

  // A cross-site form that signs the victim into the attacker's account (login CSRF).
  const loginCsrf = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      [TEST_IP_HEADER]: t.nextIp(),
    },
    body: JSON.stringify({ email: 'attacker@example.com', password: 'secret-pass' }),
  });
  expect(loginCsrf.status).toBe(403);
  expect(t.takeServerErrors().map((entry) => entry.msg)).toEqual([
    'Blocked cross-site navigation login attempt (CSRF protection)',
  ]);
});
