import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '../../db/schema/bets.ts';
import { challenges } from '../../db/schema/challenges.ts';
import { comments } from '../../db/schema/comments.ts';
import { friendRequests, friendships } from '../../db/schema/friends.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createAgent, type Agent } from '../../testing/agent.ts';
import { latestMailTo, signedInUser } from '../../testing/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  await t.close();
});

type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

async function newChallenge(
  agent: Agent,
  json: unknown = { description: 'Chiefs cover the spread', amount: 20 },
) {
  const res = await agent.post('/api/challenges', json);
  expect(res.status).toBe(201);
  const created = await body(res);
  if (typeof created.code !== 'string') throw new Error('no code');
  return created.code;
}

test('creating a challenge returns a random 128-bit code that is not the username', async () => {
  const creator = await signedInUser(t);
  const res = await creator.agent.post('/api/challenges', { description: '  Chiefs cover  ', amount: 20 });
  expect(res.status).toBe(201);
  const created = await body(res);
  expect(created).toMatchObject({ description: 'Chiefs cover', amount: 20 });
  expect(created.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(created.url).toBe(`${TEST_ORIGIN}/challenge/${String(created.code)}`);
  expect(Buffer.from(String(created.code), 'base64url')).toHaveLength(16);
  expect(String(created.code)).not.toContain(creator.user.username);
  const [row] = await t.db
    .select()
    .from(challenges)
    .where(eq(challenges.code, String(created.code)));
  // Expires 7 days after it was made.
  expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 5_000);
  expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(7 * 86_400_000 + 5_000);
  expect(await newChallenge(creator.agent)).not.toBe(created.code);
});

test('a challenge follows the bet rules (description, amount bounds) and needs a session', async () => {
  const creator = await signedInUser(t);
  for (const [json, message] of [
    [{ description: '   ', amount: 5 }, "Please describe what you're betting on."],
    [{ description: 'x'.repeat(281), amount: 5 }, 'Please keep the description under 280 characters.'],
    [{ description: 'ok', amount: null }, 'Select how much you want to bet.'],
    [{ description: 'ok', amount: 0 }, 'Please enter a valid amount.'],
    [{ description: 'ok', amount: 1.5 }, 'Please enter a valid amount.'],
    [{ description: 'ok', amount: 10_001 }, 'The most you can bet is $10,000.'],
  ] as const) {
    const res = await creator.agent.post('/api/challenges', json);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await body(res))).toContain(message);
  }
  expect((await createAgent(t).post('/api/challenges', { description: 'ok', amount: 5 })).status).toBe(401);
});

test('the link is public: a signed-out visitor reads it, and reading changes nothing', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const res = await createAgent(t).get(`/api/challenges/${code}`);
  expect(res.status).toBe(200);
  const view = await body(res);
  expect(view).toMatchObject({
    code,
    description: 'Chiefs cover the spread',
    amount: 20,
    state: 'open',
    creator: { id: creator.user.id, name: creator.user.name },
  });
  // Never the creator's email or username.
  expect(JSON.stringify(view)).not.toContain(creator.user.email);
  const visitor = await signedInUser(t);
  expect(await body(await visitor.agent.get(`/api/challenges/${code}`))).toMatchObject({ state: 'open' });
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row).toMatchObject({ takenBy: null, betId: null, cancelledAt: null });
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, visitor.user.id))).toEqual([]);
});

test('an unknown or malformed code is not found', async () => {
  const visitor = createAgent(t);
  const unknown = await visitor.get(`/api/challenges/${'A'.repeat(22)}`);
  expect(unknown.status).toBe(404);
  expect((await errorOf(unknown)).message).toBe('This challenge link is not valid.');
  expect((await visitor.get('/api/challenges/short')).status).toBe(422);
});

test('the creator opening their own link sees it as their own and cannot take it', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect(await body(await creator.agent.get(`/api/challenges/${code}`))).toMatchObject({ state: 'own' });
  const res = await creator.agent.post(`/api/challenges/${code}/take`, {});
  expect(res.status).toBe(403);
  expect((await errorOf(res)).message).toBe('This is your own challenge');
  expect((await creator.agent.post(`/api/challenges/${code}/decline`)).status).toBe(403);
});

test('taking a challenge makes strangers friends and an active bet with the prediction, and tells the creator', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const res = await taker.agent.post(`/api/challenges/${code}/take`, { prediction: 'Easy money' });
  expect(res.status).toBe(200);
  const bet = await body(res);
  expect(bet).toMatchObject({
    description: 'Chiefs cover the spread',
    amount: 20,
    status: 'active',
    creator: { id: creator.user.id },
    opponent: { id: taker.user.id },
    acceptanceComment: 'Easy money',
  });
  const betId = String(bet.id);
  // Friends both ways.
  const pairs = await t.db.select().from(friendships).where(eq(friendships.userId, taker.user.id));
  expect(pairs.map((row) => row.friendId)).toEqual([creator.user.id]);
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, creator.user.id))).toHaveLength(
    1,
  );
  // The challenge is claimed and linked to the bet.
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row).toMatchObject({ takenBy: taker.user.id, betId });
  expect(await t.db.select().from(comments).where(eq(comments.betId, betId))).toHaveLength(1);
  // One inbox line for the creator: 'took your challenge'.
  const lines = await t.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
  expect(lines.map((line) => ({ type: line.type, actorId: line.actorId, betId: line.betId }))).toEqual([
    { type: 'challenge_taken', actorId: taker.user.id, betId },
  ]);
  // An ordinary active bet in both parties' lists.
  const mine = await body(await creator.agent.get('/api/bets/mine'));
  expect(JSON.stringify(mine.active)).toContain(betId);
  const theirs = await body(await taker.agent.get('/api/bets/mine'));
  expect(JSON.stringify(theirs.active)).toContain(betId);
  // The link now says it was taken, to everyone.
  expect(await body(await createAgent(t).get(`/api/challenges/${code}`))).toMatchObject({ state: 'taken' });
  // The accept mail went to the creator, as for any accepted bet.
  const mail = await latestMailTo(t, creator.user.email, '');
  expect(mail.links).toContain(`${TEST_ORIGIN}/bets/${betId}`);
});

test('taking a challenge from a friend keeps the friendship and answers a pending request', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  await taker.agent.post('/api/friend-requests', { userId: creator.user.id });
  const code = await newChallenge(creator.agent);
  expect((await taker.agent.post(`/api/challenges/${code}/take`, {})).status).toBe(200);
  const pending = await t.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.requesterId, taker.user.id), eq(friendRequests.status, 'pending')));
  expect(pending).toEqual([]);
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, taker.user.id))).toHaveLength(1);
});

test('a challenge cannot be taken twice', async () => {
  const creator = await signedInUser(t);
  const first = await signedInUser(t);
  const second = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect((await first.agent.post(`/api/challenges/${code}/take`, {})).status).toBe(200);
  const again = await second.agent.post(`/api/challenges/${code}/take`, {});
  expect(again.status).toBe(409);
  expect((await errorOf(again)).message).toBe('This challenge has already been taken.');
  expect((await first.agent.post(`/api/challenges/${code}/take`, {})).status).toBe(409);
  expect(await t.db.select().from(bets).where(eq(bets.createdBy, creator.user.id))).toHaveLength(1);
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, second.user.id))).toEqual([]);
});

test('an expired challenge cannot be taken and says so', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  await t.db
    .update(challenges)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(challenges.code, code));
  expect(await body(await taker.agent.get(`/api/challenges/${code}`))).toMatchObject({ state: 'expired' });
  const res = await taker.agent.post(`/api/challenges/${code}/take`, {});
  expect(res.status).toBe(409);
  expect((await errorOf(res)).message).toBe('This challenge has expired.');
  // No longer listed as open on the creator's profile.
  expect(await body(await creator.agent.get('/api/challenges/mine'))).toEqual([]);
});

test('declining tells the creator, hides it for that visitor and leaves it open for others', async () => {
  const creator = await signedInUser(t);
  const decliner = await signedInUser(t);
  const other = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect((await decliner.agent.post(`/api/challenges/${code}/decline`)).status).toBe(200);
  // Twice is harmless: still one line for the creator.
  expect((await decliner.agent.post(`/api/challenges/${code}/decline`)).status).toBe(200);
  const lines = await t.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
  expect(lines.map((line) => ({ type: line.type, actorId: line.actorId, data: line.data }))).toEqual([
    {
      type: 'challenge_declined',
      actorId: decliner.user.id,
      data: { description: 'Chiefs cover the spread', amount: 20 },
    },
  ]);
  expect(await body(await decliner.agent.get(`/api/challenges/${code}`))).toMatchObject({
    state: 'declined',
  });
  const retake = await decliner.agent.post(`/api/challenges/${code}/take`, {});
  expect(retake.status).toBe(409);
  expect((await errorOf(retake)).message).toBe('You declined this challenge.');
  expect(await body(await other.agent.get(`/api/challenges/${code}`))).toMatchObject({ state: 'open' });
  expect((await other.agent.post(`/api/challenges/${code}/take`, {})).status).toBe(200);
});

test('the creator lists and cancels open challenges; the link then says it was cancelled', async () => {
  const creator = await signedInUser(t);
  const stranger = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const listed = await body(await creator.agent.get('/api/challenges/mine'));
  expect(listed).toEqual([
    expect.objectContaining({ code, description: 'Chiefs cover the spread', amount: 20 }),
  ]);
  // Only the creator cancels.
  const foreign = await stranger.agent.post(`/api/challenges/${code}/cancel`);
  expect(foreign.status).toBe(403);
  expect((await creator.agent.post(`/api/challenges/${code}/cancel`)).status).toBe(200);
  expect(await body(await creator.agent.get('/api/challenges/mine'))).toEqual([]);
  expect(await body(await createAgent(t).get(`/api/challenges/${code}`))).toMatchObject({
    state: 'cancelled',
  });
  const take = await stranger.agent.post(`/api/challenges/${code}/take`, {});
  expect(take.status).toBe(409);
  expect((await errorOf(take)).message).toBe('This challenge was cancelled.');
  expect((await creator.agent.post(`/api/challenges/${code}/cancel`)).status).toBe(409);
});

test('a taken challenge cannot be cancelled', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  await taker.agent.post(`/api/challenges/${code}/take`, {});
  const res = await creator.agent.post(`/api/challenges/${code}/cancel`);
  expect(res.status).toBe(409);
  expect((await errorOf(res)).message).toBe('This challenge has already been taken.');
});

test('take, decline, cancel and the list need a session', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const anonymous = createAgent(t);
  expect((await anonymous.post(`/api/challenges/${code}/take`, {})).status).toBe(401);
  expect((await anonymous.post(`/api/challenges/${code}/decline`)).status).toBe(401);
  expect((await anonymous.post(`/api/challenges/${code}/cancel`)).status).toBe(401);
  expect((await anonymous.get('/api/challenges/mine')).status).toBe(401);
});

test('a prediction over 500 characters is refused and nothing is claimed', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect(
    (await taker.agent.post(`/api/challenges/${code}/take`, { prediction: 'x'.repeat(501) })).status,
  ).toBe(422);
  expect(await body(await taker.agent.get(`/api/challenges/${code}`))).toMatchObject({ state: 'open' });
});
