import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INVITE_DAILY_FRIENDSHIPS } from '#domain/invites.ts';
import { users } from '#server/db/schema/auth.ts';
import { friendRequests, friendships } from '#server/db/schema/friends.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { type Agent, createAgent, errorOf } from '#server/testing/agent.ts';
import {
  buildSignUp,
  insertUser,
  latestMailTo,
  makeFriends,
  pathOf,
  signedInUser,
} from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';
import { acceptInvite } from './invites.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

async function myCode(agent: Agent): Promise<string> {
  const res = await agent.api.invites.mine.$get();
  expect(res.status).toBe(200);
  return (await res.json()).code;
}

async function friendRows(a: string, b: string) {
  return t.db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
}

async function inviteLines(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

test('a user has one random invite code, at least 96 bits, never the username, stable until reset', async () => {
  const { agent, user } = await signedInUser(t);
  const res = await agent.api.invites.mine.$get();
  expect(res.status).toBe(200);
  const json = await res.json();
  const { code } = json;
  expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 bytes = 128 bits
  expect(code.toLowerCase()).not.toContain(user.username);
  expect(json.url).toBe(`${TEST_ORIGIN}/invite/${code}`);
  expect(await myCode(agent)).toBe(code);
  const other = await signedInUser(t);
  expect(await myCode(other.agent)).not.toBe(code);
});

test('reset makes a new code and kills the old one', async () => {
  const inviter = await signedInUser(t);
  const old = await myCode(inviter.agent);
  const reset = await inviter.agent.api.invites.mine.reset.$post();
  expect(reset.status).toBe(200);
  const fresh = (await reset.json()).code;
  expect(fresh).not.toBe(old);
  expect(await myCode(inviter.agent)).toBe(fresh);

  const visitor = await signedInUser(t);
  const dead = await visitor.agent.api.invites[':code'].$get({ param: { code: old } });
  expect(dead.status).toBe(404);
  expect(await errorOf(dead)).toEqual({
    error: { code: 'NOT_FOUND', message: 'This invite link is no longer valid.' },
  });
  expect((await visitor.agent.api.invites[':code'].accept.$post({ param: { code: old } })).status).toBe(404);
  expect(await friendRows(visitor.user.id, inviter.user.id)).toEqual([]);
  expect((await visitor.agent.api.invites[':code'].$get({ param: { code: fresh } })).status).toBe(200);
});

test('the public page shows the inviter to anyone, and opening it changes nothing', async () => {
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  const anonymous = await createAgent(t).api.invites[':code'].$get({ param: { code } });
  expect(anonymous.status).toBe(200);
  expect(await anonymous.json()).toEqual({
    inviter: { id: inviter.user.id, name: inviter.user.name, image: null },
    relationship: 'anonymous',
  });
  const visitor = await signedInUser(t);
  for (let i = 0; i < 3; i += 1) {
    const seen = await visitor.agent.api.invites[':code'].$get({ param: { code } });
    expect((await seen.json()).relationship).toBe('none');
  }
  expect(
    (await (await inviter.agent.api.invites[':code'].$get({ param: { code } })).json()).relationship,
  ).toBe('self');
  // A GET is only a read: no friendship, no inbox line.
  expect(await friendRows(visitor.user.id, inviter.user.id)).toEqual([]);
  expect(await inviteLines(inviter.user.id)).toEqual([]);
});

test('unknown and malformed codes read as dead links; accepting needs a session', async () => {
  const anonymous = createAgent(t);
  for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '%00', 'x'.repeat(300)]) {
    const res = await anonymous.api.invites[':code'].$get({ param: { code } });
    expect(res.status, code).toBe(404);
    expect((await errorOf(res)).error.message).toBe('This invite link is no longer valid.');
  }
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  expect((await anonymous.api.invites[':code'].accept.$post({ param: { code } })).status).toBe(401);
  expect((await anonymous.api.invites.mine.$get()).status).toBe(401);
  expect((await anonymous.api.invites.mine.reset.$post()).status).toBe(401);
});

test('accepting makes the two friends at once, tells the inviter once, and settles a pending request', async () => {
  const inviter = await signedInUser(t);
  const visitor = await signedInUser(t);
  await t.db.insert(friendRequests).values({ requesterId: visitor.user.id, requestedId: inviter.user.id });
  const code = await myCode(inviter.agent);

  const res = await visitor.agent.api.invites[':code'].accept.$post({ param: { code } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ inviter: { id: inviter.user.id, name: inviter.user.name } });
  expect(await friendRows(visitor.user.id, inviter.user.id)).toHaveLength(1);
  expect(await friendRows(inviter.user.id, visitor.user.id)).toHaveLength(1);
  const pending = await t.db
    .select()
    .from(friendRequests)
    .where(eq(friendRequests.requesterId, visitor.user.id));
  expect(pending.map((r) => r.status)).toEqual(['accepted']);

  const again = await visitor.agent.api.invites[':code'].accept.$post({ param: { code } });
  expect(again.status).toBe(409);
  expect((await errorOf(again)).error.message).toBe(`You are already friends with ${inviter.user.name}`);
  expect(
    (await (await visitor.agent.api.invites[':code'].$get({ param: { code } })).json()).relationship,
  ).toBe('friend');

  const lines = await inviteLines(inviter.user.id);
  expect(lines.map((l) => [l.type, l.actorId])).toEqual([['invite_added', visitor.user.id]]);
  const activity = await (await inviter.agent.api.activity.$get({ query: {} })).json();
  expect(JSON.stringify(activity)).toContain('invite_added');
});

test("accepting one's own link is refused and changes nothing", async () => {
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  const res = await inviter.agent.api.invites[':code'].accept.$post({ param: { code } });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe('This is your own invite link');
  expect(await inviteLines(inviter.user.id)).toEqual([]);
});

test('signing up through a link makes friends when the email is verified, even in another browser', async () => {
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  const input = buildSignUp();
  const signUp = await createAgent(t).post('/api/auth/sign-up/email', { ...input, invite: code });
  expect(signUp.status).toBe(200);
  const [account] = await t.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
  if (!account) throw new Error('account missing');
  // Not before verification.
  expect(await friendRows(account.id, inviter.user.id)).toEqual([]);

  const mail = await latestMailTo(t, input.email.toLowerCase(), 'Verify');
  const link = mail.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error('no verification link');
  // Another browser (no binding cookie, no local storage) opens the link.
  const phone = createAgent(t);
  expect((await phone.get(pathOf(link))).status).toBe(302);
  expect(await friendRows(account.id, inviter.user.id)).toHaveLength(1);
  expect(await friendRows(inviter.user.id, account.id)).toHaveLength(1);

  // The link opened twice makes nothing twice.
  await phone.get(pathOf(link));
  const lines = await inviteLines(inviter.user.id);
  expect(lines.map((l) => [l.type, l.actorId])).toEqual([['invite_joined', account.id]]);
  const friends = await (await inviter.agent.api.friends.$get({ query: {} })).json();
  expect(JSON.stringify(friends)).toContain(account.id);
});

test('a sign-up with a reset code, or a malformed one, makes an account but no friendship', async () => {
  const inviter = await signedInUser(t);
  const old = await myCode(inviter.agent);
  await inviter.agent.api.invites.mine.reset.$post();
  for (const invite of [old, 'not a code']) {
    const input = buildSignUp();
    const res = await createAgent(t).post('/api/auth/sign-up/email', { ...input, invite });
    expect(res.status).toBe(200);
    const mail = await latestMailTo(t, input.email.toLowerCase(), 'Verify');
    const link = mail.links.find((l) => l.includes('/verify-email'));
    if (!link) throw new Error('no verification link');
    expect((await createAgent(t).get(pathOf(link))).status).toBe(302);
  }
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, inviter.user.id))).toEqual([]);
  expect(await inviteLines(inviter.user.id)).toEqual([]);
});

test(`one inviter makes at most ${INVITE_DAILY_FRIENDSHIPS} friendships a day through links, reset or not`, async () => {
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  for (let i = 0; i < INVITE_DAILY_FRIENDSHIPS; i += 1) {
    const invitee = await insertUser(t);
    await acceptInvite(t.db, code, invitee.id);
  }
  const late = await signedInUser(t);
  const refused = await late.agent.api.invites[':code'].accept.$post({ param: { code } });
  expect(refused.status).toBe(429);
  expect((await errorOf(refused)).error.message).toBe(
    'This invite link has reached its limit for today. Please try again tomorrow.',
  );
  expect(await friendRows(late.user.id, inviter.user.id)).toEqual([]);
  // A fresh code does not renew the budget.
  const reset = await (await inviter.agent.api.invites.mine.reset.$post()).json();
  expect((await late.agent.api.invites[':code'].accept.$post({ param: { code: reset.code } })).status).toBe(
    429,
  );
  const lines = await inviteLines(inviter.user.id);
  expect(lines).toHaveLength(INVITE_DAILY_FRIENDSHIPS);
});

test('opening invite links is rate-limited per client address', async () => {
  const inviter = await signedInUser(t);
  const code = await myCode(inviter.agent);
  const guesser = createAgent(t);
  const statuses: number[] = [];
  for (let i = 0; i < 20; i += 1)
    statuses.push((await guesser.api.invites[':code'].$get({ param: { code } })).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const refused = await guesser.api.invites[':code'].$get({ param: { code } });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await createAgent(t).api.invites[':code'].$get({ param: { code } })).status).toBe(200);
});

test('friends already are told so, and the page says it', async () => {
  const inviter = await signedInUser(t);
  const friend = await signedInUser(t);
  await makeFriends(t, inviter.user.id, friend.user.id);
  const code = await myCode(inviter.agent);
  expect(
    (await (await friend.agent.api.invites[':code'].$get({ param: { code } })).json()).relationship,
  ).toBe('friend');
  expect((await friend.agent.api.invites[':code'].accept.$post({ param: { code } })).status).toBe(409);
  expect(await inviteLines(inviter.user.id)).toEqual([]);
});
