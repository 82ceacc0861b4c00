import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { challenges } from '#server/db/schema/challenges.ts';
import { comments } from '#server/db/schema/comments.ts';
import { friendRequests, friendships } from '#server/db/schema/friends.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { latestMailTo, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type ChallengeInput = Parameters<Agent['api']['challenges']['$post']>[0]['json'];

async function newChallenge(
  agent: Agent,
  json: ChallengeInput = { description: 'Chiefs cover the spread', amount: 20 },
) {
  const res = await agent.api.challenges.$post({ json });
  expect(res.status).toBe(201);
  return (await res.json()).code;
}

test('creating a challenge returns a random 128-bit code that is not the username', async () => {
  const creator = await signedInUser(t);
  const res = await creator.agent.api.challenges.$post({
    json: { description: '  Chiefs cover  ', amount: 20 },
  });
  expect(res.status).toBe(201);
  const created = await res.json();
  expect(created).toMatchObject({ description: 'Chiefs cover', amount: 20 });
  expect(created.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(created.url).toBe(`${TEST_ORIGIN}/challenge/${created.code}`);
  expect(Buffer.from(created.code, 'base64url')).toHaveLength(16);
  expect(created.code).not.toContain(creator.user.username);
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, created.code));
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
    const res = await creator.agent.api.challenges.$post({ json });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(message);
  }
  expect((await createAgent(t).api.challenges.$post({ json: { description: 'ok', amount: 5 } })).status).toBe(
    401,
  );
});

test('the link is public: a signed-out visitor reads it, and reading changes nothing', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const res = await createAgent(t).api.challenges[':code'].$get({ param: { code } });
  expect(res.status).toBe(200);
  const view = await res.json();
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
  expect(await (await visitor.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject({
    state: 'open',
  });
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row).toMatchObject({ takenBy: null, betId: null, cancelledAt: null });
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, visitor.user.id))).toEqual([]);
});

test('an unknown or malformed code is not found', async () => {
  const visitor = createAgent(t);
  const unknown = await visitor.api.challenges[':code'].$get({ param: { code: 'A'.repeat(22) } });
  expect(unknown.status).toBe(404);
  expect((await errorOf(unknown)).error.message).toBe('This challenge link is not valid.');
  expect((await visitor.api.challenges[':code'].$get({ param: { code: 'short' } })).status).toBe(422);
});

test('the creator opening their own link sees it as their own and cannot take it', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect(await (await creator.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject({
    state: 'own',
  });
  const res = await creator.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(res.status).toBe(403);
  expect((await errorOf(res)).error.message).toBe('This is your own challenge');
  expect((await creator.agent.api.challenges[':code'].decline.$post({ param: { code } })).status).toBe(403);
});

test('taking a challenge makes strangers friends and an active bet with the prediction, and tells the creator', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const res = await taker.agent.api.challenges[':code'].take.$post({
    param: { code },
    json: { prediction: 'Easy money' },
  });
  expect(res.status).toBe(200);
  const bet = await res.json();
  expect(bet).toMatchObject({
    description: 'Chiefs cover the spread',
    amount: 20,
    status: 'active',
    creator: { id: creator.user.id },
    opponent: { id: taker.user.id },
    acceptanceComment: 'Easy money',
  });
  const betId = bet.id;
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
  const mine = await (await creator.agent.api.bets.mine.$get()).json();
  expect(JSON.stringify(mine.active)).toContain(betId);
  const theirs = await (await taker.agent.api.bets.mine.$get()).json();
  expect(JSON.stringify(theirs.active)).toContain(betId);
  // The link now says it was taken, to everyone.
  expect(await (await createAgent(t).api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject(
    { state: 'taken' },
  );
  // The accept mail went to the creator, as for any accepted bet.
  const mail = await latestMailTo(t, creator.user.email, '');
  expect(mail.links).toContain(`${TEST_ORIGIN}/bets/${betId}`);
});

test('taking a challenge from a friend keeps the friendship and answers a pending request', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  await taker.agent.api['friend-requests'].$post({ json: { userId: creator.user.id } });
  const code = await newChallenge(creator.agent);
  expect((await taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} })).status).toBe(
    200,
  );
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
  expect((await first.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} })).status).toBe(
    200,
  );
  const again = await second.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(again.status).toBe(409);
  expect((await errorOf(again)).error.message).toBe('This challenge has already been taken.');
  expect((await first.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} })).status).toBe(
    409,
  );
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
  expect(await (await taker.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject({
    state: 'expired',
  });
  const res = await taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe('This challenge has expired.');
  // No longer listed as open on the creator's profile.
  expect(await (await creator.agent.api.challenges.mine.$get()).json()).toEqual([]);
});

test('declining tells the creator, hides it for that visitor and leaves it open for others', async () => {
  const creator = await signedInUser(t);
  const decliner = await signedInUser(t);
  const other = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect((await decliner.agent.api.challenges[':code'].decline.$post({ param: { code } })).status).toBe(200);
  // Twice is harmless: still one line for the creator.
  expect((await decliner.agent.api.challenges[':code'].decline.$post({ param: { code } })).status).toBe(200);
  const lines = await t.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
  expect(lines.map((line) => ({ type: line.type, actorId: line.actorId, data: line.data }))).toEqual([
    {
      type: 'challenge_declined',
      actorId: decliner.user.id,
      data: { description: 'Chiefs cover the spread', amount: 20 },
    },
  ]);
  expect(await (await decliner.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject(
    {
      state: 'declined',
    },
  );
  const retake = await decliner.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(retake.status).toBe(409);
  expect((await errorOf(retake)).error.message).toBe('You declined this challenge.');
  expect(await (await other.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject({
    state: 'open',
  });
  expect((await other.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} })).status).toBe(
    200,
  );
});

test('the creator lists and cancels open challenges; the link then says it was cancelled', async () => {
  const creator = await signedInUser(t);
  const stranger = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const listed = await (await creator.agent.api.challenges.mine.$get()).json();
  expect(listed).toEqual([
    expect.objectContaining({ code, description: 'Chiefs cover the spread', amount: 20 }),
  ]);
  // Only the creator cancels.
  const foreign = await stranger.agent.api.challenges[':code'].cancel.$post({ param: { code } });
  expect(foreign.status).toBe(403);
  expect((await creator.agent.api.challenges[':code'].cancel.$post({ param: { code } })).status).toBe(200);
  expect(await (await creator.agent.api.challenges.mine.$get()).json()).toEqual([]);
  expect(await (await createAgent(t).api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject(
    {
      state: 'cancelled',
    },
  );
  const take = await stranger.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(take.status).toBe(409);
  expect((await errorOf(take)).error.message).toBe('This challenge was cancelled.');
  expect((await creator.agent.api.challenges[':code'].cancel.$post({ param: { code } })).status).toBe(409);
});

test('a taken challenge cannot be cancelled', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  await taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  const res = await creator.agent.api.challenges[':code'].cancel.$post({ param: { code } });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe('This challenge has already been taken.');
});

test('take, decline, cancel and the list need a session', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const anonymous = createAgent(t);
  expect((await anonymous.api.challenges[':code'].take.$post({ param: { code }, json: {} })).status).toBe(
    401,
  );
  expect((await anonymous.api.challenges[':code'].decline.$post({ param: { code } })).status).toBe(401);
  expect((await anonymous.api.challenges[':code'].cancel.$post({ param: { code } })).status).toBe(401);
  expect((await anonymous.api.challenges.mine.$get()).status).toBe(401);
});

test('a prediction over 500 characters is refused and nothing is claimed', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  expect(
    (
      await taker.agent.api.challenges[':code'].take.$post({
        param: { code },
        json: { prediction: 'x'.repeat(501) },
      })
    ).status,
  ).toBe(422);
  expect(await (await taker.agent.api.challenges[':code'].$get({ param: { code } })).json()).toMatchObject({
    state: 'open',
  });
});

test('looking challenge codes up and taking them is rate-limited per client address, like invites', async () => {
  const creator = await signedInUser(t);
  const code = await newChallenge(creator.agent);
  const guesser = createAgent(t);
  const statuses: number[] = [];
  // Unknown codes count too: guessing is what the budget stops.
  for (let i = 0; i < 10; i += 1) statuses.push((await guesser.api.challenges[':code'].$get({ param: { code: `${'B'.repeat(21)}${i}` } })).status);
  for (let i = 0; i < 10; i += 1) statuses.push((await guesser.api.challenges[':code'].$get({ param: { code } })).status);
  expect(statuses).toEqual([...Array<number>(10).fill(404), ...Array<number>(10).fill(200)]);
  const refused = await guesser.api.challenges[':code'].$get({ param: { code } });
  expect(refused.status).toBe(429);
  expect((await errorOf(refused)).error.message).toBe('Too many challenge links opened. Please wait a minute and try again.');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another address is unaffected; opening invites keeps its own budget.
  expect((await createAgent(t).api.challenges[':code'].$get({ param: { code } })).status).toBe(200);
  expect((await guesser.api.invites[':code'].$get({ param: { code: 'C'.repeat(22) } })).status).toBe(404);

  // Takes spend the same budget: a signed-in taker from one address gets 20, then 429, and nothing is claimed.
  const taker = await signedInUser(t);
  const unknownTakes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    unknownTakes.push((await taker.agent.api.challenges[':code'].take.$post({ param: { code: `${'D'.repeat(21)}${i % 10}` }, json: {} })).status);
  }
  expect(unknownTakes.every((status) => status === 404)).toBe(true);
  const take = await taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} });
  expect(take.status).toBe(429);
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row?.takenBy).toBeNull();
});
