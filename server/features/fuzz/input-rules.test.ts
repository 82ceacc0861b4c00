import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { encodeCursor } from '#domain/pagination.ts';
import { encodeFriendsCursor } from '#domain/friends.ts';
import { users } from '#server/db/schema/auth.ts';
import { bets } from '#server/db/schema/bets.ts';
import { challenges } from '#server/db/schema/challenges.ts';
import { comments } from '#server/db/schema/comments.ts';
import { friendRequests } from '#server/db/schema/friends.ts';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { buildSignUp, insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * A NUL byte (or other control character, bidi override,
 * invisible-only text) in any text or id field is refused with 4xx in our
 * error shape, never a 500, and nothing is stored; a bad cursor is a 400.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const NUL = '\u0000';
type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;

async function expectRefused(res: Response, label: string, status = 422) {
  expect(res.status, label).toBe(status);
  const json = await body(res);
  expect(json, label).toMatchObject({
    error: { code: status === 400 ? 'INVALID_CURSOR' : 'VALIDATION_FAILED' },
  });
  return json;
}

async function setup() {
  const me = await signedInUser(t);
  const friend = await insertUser(t);
  await makeFriends(t, me.user.id, friend.id);
  const pending = await insertBet(t, { createdBy: friend.id, opponentId: me.user.id });
  return { me, friend, pending };
}

const send = (agent: Agent, method: string, path: string, json?: unknown) =>
  agent.request(path, { method, json });

test('a NUL byte in any text field of our API is a 422, and nothing is stored', async () => {
  const { me, friend, pending } = await setup();
  const profile = { name: 'Ada', username: 'ada_nul_test', phone: '5551230000', venmoHandle: 'ada', cashtag: '$ada', paypalMe: 'ada' };
  for (const field of ['name', 'username', 'phone', 'venmoHandle', 'cashtag', 'paypalMe'] as const) {
    await expectRefused(
      await send(me.agent, 'PATCH', '/api/profile', { ...profile, [field]: `${profile[field]}${NUL}x` }),
      `profile ${field}`,
    );
  }
  await expectRefused(
    await send(me.agent, 'POST', '/api/bets', {
      description: `over${NUL}`,
      opponentId: friend.id,
      amount: 5,
    }),
    'description',
  );
  await expectRefused(
    await send(me.agent, 'POST', `/api/bets/${pending.id}/accept`, { prediction: `I win${NUL}` }),
    'prediction',
  );
  await expectRefused(
    await send(me.agent, 'POST', `/api/bets/${pending.id}/comments`, { text: `gg${NUL}` }),
    'comment',
  );
  await expectRefused(
    await me.agent.get(`/api/users/search?q=${encodeURIComponent(`ab${NUL}`)}`),
    'search term',
  );

  const [stored] = await t.db.select().from(users).where(eq(users.id, me.user.id));
  expect(stored?.name).toBe(me.user.name);
  expect(await t.db.select().from(bets).where(eq(bets.createdBy, me.user.id))).toEqual([]);
  expect(await t.db.select().from(comments).where(eq(comments.betId, pending.id))).toEqual([]);
  const [bet] = await t.db.select().from(bets).where(eq(bets.id, pending.id));
  expect(bet?.status).toBe('pending');
});

test('a NUL byte in any id is a 422 in the error shape', async () => {
  const { me, friend } = await setup();
  const badUuid = `00000000-0000-4000-8000-00000000000${NUL}`;
  const badUser = `${friend.id}${NUL}`;
  const enc = encodeURIComponent;
  const cases: [string, string, unknown?][] = [
    ['GET', `/api/users/${enc(badUser)}`],
    ['DELETE', `/api/friends/${enc(badUser)}`],
    ['POST', '/api/friend-requests', { userId: badUser }],
    ['POST', `/api/friend-requests/${enc(badUuid)}/accept`],
    ['POST', `/api/friend-requests/${enc(badUuid)}/decline`],
    ['POST', '/api/bets', { description: 'fine', opponentId: badUser, amount: 5 }],
    ['POST', `/api/bets/${enc(badUuid)}/accept`, {}],
    ['POST', `/api/bets/${enc(badUuid)}/decline`],
    ['POST', `/api/bets/${enc(badUuid)}/resolve`, { outcome: 'won' }],
    ['POST', `/api/bets/${enc(badUuid)}/void`],
    ['DELETE', `/api/bets/${enc(badUuid)}/void`],
    ['POST', `/api/bets/${enc(badUuid)}/payment-sent`],
    ['POST', `/api/bets/${enc(badUuid)}/payment-confirmed`],
    ['PUT', `/api/bets/${enc(badUuid)}/like`],
    ['DELETE', `/api/bets/${enc(badUuid)}/like`],
    ['GET', `/api/bets/${enc(badUuid)}/comments`],
    ['POST', `/api/bets/${enc(badUuid)}/comments`, { text: 'hi' }],
  ];
  for (const [method, path, json] of cases)
    await expectRefused(await send(me.agent, method, path, json), `${method} ${path}`);
  expect(await t.db.select().from(friendRequests).where(eq(friendRequests.requesterId, me.user.id))).toEqual(
    [],
  );
});

test('a NUL byte in the auth forms is refused (422), not a server error', async () => {
  const { me } = await setup();
  const fresh = () => createAgent(t);
  const signUp = buildSignUp();
  for (const field of ['name', 'username', 'email', 'phone', 'venmoHandle'] as const) {
    const res = await fresh().post('/api/auth/sign-up/email', {
      ...signUp,
      [field]: `${signUp[field]}${NUL}`,
    });
    expect(res.status, `sign-up ${field}`).toBe(422);
  }
  const probes: [string, Json][] = [
    ['/api/auth/sign-in/username', { username: `ada${NUL}`, password: 'whatever1' }],
    ['/api/auth/sign-in/email', { email: `${me.input.email}${NUL}`, password: me.input.password }],
    ['/api/auth/request-password-reset', { email: `x${NUL}@example.com`, redirectTo: '/reset-password' }],
    ['/api/auth/reset-password', { token: `tok${NUL}en`, newPassword: 'brand-new-pass' }],
  ];
  for (const [path, json] of probes) expect((await fresh().post(path, json)).status, path).toBe(422);
  expect((await fresh().get(`/api/auth/verify-email?token=${encodeURIComponent(`a${NUL}b`)}`)).status).toBe(
    422,
  );
  expect(await t.db.select().from(users).where(eq(users.email, signUp.email.toLowerCase()))).toEqual([]);
});

test('text that is blank once invisible characters are removed, or carries bidi overrides, is refused', async () => {
  const { me, friend, pending } = await setup();
  const description = await send(me.agent, 'POST', '/api/bets', {
    description: '\u200B\u200D\uFEFF',
    opponentId: friend.id,
    amount: 5,
  });
  expect((await expectRefused(description, 'invisible description'))['error']).toMatchObject({
    message: "Please describe what you're betting on.",
  });
  const comment = await send(me.agent, 'POST', `/api/bets/${pending.id}/comments`, { text: '\u2060 \u200B' });
  expect((await expectRefused(comment, 'invisible comment'))['error']).toMatchObject({
    message: 'Please write a comment first.',
  });
  const bidi = await send(me.agent, 'POST', `/api/bets/${pending.id}/comments`, {
    text: 'I win \u202Eniw I',
  });
  expect((await expectRefused(bidi, 'bidi comment'))['error']).toMatchObject({
    message: 'Comment contains invisible or control characters. Please type it again.',
  });
  await expectRefused(
    await send(me.agent, 'PATCH', '/api/profile', {
      name: '\u3164',
      username: 'ada_blank',
      phone: '5551230001',
      venmoHandle: 'ada',
    }),
    'filler-only name',
  );
  expect(await t.db.select().from(comments).where(eq(comments.betId, pending.id))).toEqual([]);
});

test('look-alike text: a hidden character in any user text is a 422 naming the field, and nothing is stored (ADR 050)', async () => {
  const { me, friend, pending } = await setup();
  const refusal = (label: string) =>
    `${label} contains invisible or control characters. Please type it again.`;
  const expectField = async (res: Response, path: string, label: string) => {
    const json = await expectRefused(res, path);
    expect(json['error'], path).toMatchObject({
      message: refusal(label),
      issues: [{ path, message: refusal(label) }],
    });
  };
  const profile = { name: 'ad\u200Dmin', username: 'ada_hidden', phone: '5551230002', venmoHandle: 'ada' };
  await expectField(await send(me.agent, 'PATCH', '/api/profile', profile), 'name', 'Name');
  await expectField(
    await send(me.agent, 'PATCH', '/api/profile', { ...profile, name: 'Ada', username: 'ada\u00ADhidden' }),
    'username',
    'Username',
  );
  await expectField(
    await send(me.agent, 'POST', '/api/bets', {
      description: 'Lakers\u200Bwin',
      opponentId: friend.id,
      amount: 5,
    }),
    'description',
    'Bet description',
  );
  await expectField(
    await send(me.agent, 'POST', '/api/challenges', { description: 'Lakers\u3164win', amount: 5 }),
    'description',
    'Bet description',
  );
  await expectField(
    await send(me.agent, 'POST', `/api/bets/${pending.id}/comments`, { text: 'g\u2060g' }),
    'text',
    'Comment',
  );
  await expectField(
    await send(me.agent, 'POST', `/api/bets/${pending.id}/accept`, { prediction: 'I\u200Fwin' }),
    'prediction',
    'Prediction',
  );

  const signUp = await createAgent(t).post('/api/auth/sign-up/email', {
    ...buildSignUp(),
    name: 'Ad\uFEFFa',
  });
  expect(signUp.status).toBe(422);
  expect(await body(signUp)).toMatchObject({ field: 'name', message: refusal('Name') });

  const [stored] = await t.db.select().from(users).where(eq(users.id, me.user.id));
  expect(stored?.name).toBe(me.user.name);
  expect(await t.db.select().from(bets).where(eq(bets.createdBy, me.user.id))).toEqual([]);
  expect(await t.db.select().from(challenges).where(eq(challenges.creatorId, me.user.id))).toEqual([]);
  expect(await t.db.select().from(comments).where(eq(comments.betId, pending.id))).toEqual([]);
});

test('user text is stored NFC: a decomposed name, description and comment come back composed (ADR 050)', async () => {
  const { me, friend, pending } = await setup();
  const res = await send(me.agent, 'PATCH', '/api/profile', {
    name: 'Zoe\u0308',
    username: 'zoe_nfc',
    phone: '5551230003',
    venmoHandle: 'zoe',
  });
  expect(res.status).toBe(200);
  const [stored] = await t.db.select().from(users).where(eq(users.id, me.user.id));
  expect(stored?.name).toBe('Zo\u00EB');
  expect(
    (
      await send(me.agent, 'POST', '/api/bets', {
        description: 'Cafe\u0301 run',
        opponentId: friend.id,
        amount: 5,
      })
    ).status,
  ).toBe(201);
  const [bet] = await t.db.select().from(bets).where(eq(bets.createdBy, me.user.id));
  expect(bet?.description).toBe('Caf\u00E9 run');
  expect(
    (await send(me.agent, 'POST', `/api/bets/${pending.id}/comments`, { text: 'cafe\u0301 👩‍👩‍👧' })).status,
  ).toBe(201);
  const [comment] = await t.db.select().from(comments).where(eq(comments.betId, pending.id));
  expect(comment?.text).toBe('caf\u00E9 👩‍👩‍👧');
});

test('a bad cursor on the feed and on each bet section is a 400 INVALID_CURSOR', async () => {
  const { me } = await setup();
  const cursors = [
    encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: 'not-a-uuid' }),
    encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: `00000000-0000-4000-8000-00000000000${NUL}` }),
    encodeCursor({ createdAt: 'yesterday', id: '00000000-0000-4000-8000-000000000000' }),
    'garbage!',
  ];
  for (const path of ['/api/feed', '/api/bets/mine/pending', '/api/bets/mine/active', '/api/bets/mine/past']) {
    for (const cursor of cursors) {
      const json = await expectRefused(
        await me.agent.get(`${path}?cursor=${encodeURIComponent(cursor)}`),
        `${path} ${cursor}`,
        400,
      );
      expect(json).toEqual({
        error: { code: 'INVALID_CURSOR', message: 'This list link is out of date. Please reload the page.' },
      });
    }
    const good = encodeCursor({
      createdAt: '2026-01-01T00:00:00.000Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect((await me.agent.get(`${path}?cursor=${good}`)).status).toBe(200);
  }
});

test('a bad friends cursor is a 400 INVALID_CURSOR; a made-up but well-formed one is a page (ADR 043)', async () => {
  const { me } = await setup();
  for (const cursor of [
    encodeFriendsCursor({ name: `Ana${NUL}`, id: 'u_1' }),
    encodeFriendsCursor({ name: 'Ana', id: `u_${NUL}` }),
    encodeFriendsCursor({ name: 'Ana', id: '' }),
    'garbage!',
  ]) {
    const json = await expectRefused(await me.agent.get(`/api/friends?cursor=${encodeURIComponent(cursor)}`), cursor, 400);
    expect(json).toEqual({
      error: { code: 'INVALID_CURSOR', message: 'This list link is out of date. Please reload the page.' },
    });
  }
  const good = encodeFriendsCursor({ name: 'Zoë 🎲', id: 'u_anything' });
  expect((await me.agent.get(`/api/friends?cursor=${good}`)).status).toBe(200);
});
