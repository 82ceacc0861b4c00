import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { challenges } from '#server/db/schema/challenges.ts';
import { friendships } from '#server/db/schema/friends.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { errorOf } from '#server/testing/agent.ts';
import { signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/* Exactly one person can take a challenge. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const TAKERS = 20;

test('20 concurrent takers: one success, the rest "already taken", one bet, one friendship', async () => {
  const creator = await signedInUser(t);
  const takers = await Promise.all(Array.from({ length: TAKERS }, () => signedInUser(t)));
  const created = await creator.agent.api.challenges.$post({
    json: {
      description: 'First to the summit',
      amount: 10,
    },
  });
  const { code } = await created.json();

  const results = await Promise.all(
    takers.map((taker) =>
      taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: { prediction: 'Mine' } }),
    ),
  );
  const statuses = results.map((res) => res.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(TAKERS - 1);
  const refusals = await Promise.all(results.filter((res) => res.status === 409).map((res) => errorOf(res)));
  expect(new Set(refusals.map((refusal) => refusal.error.message))).toEqual(
    new Set(['This challenge has already been taken.']),
  );

  const winner = takers[statuses.indexOf(200)];
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row?.takenBy).toBe(winner?.user.id);
  const made = await t.db.select().from(bets).where(eq(bets.createdBy, creator.user.id));
  expect(made.map((bet) => ({ opponentId: bet.opponentId, status: bet.status }))).toEqual([
    { opponentId: winner?.user.id, status: 'active' },
  ]);
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, creator.user.id))).toHaveLength(
    1,
  );
  expect(
    await t.db.select().from(notifications).where(eq(notifications.userId, creator.user.id)),
  ).toHaveLength(1);
});

test('take vs cancel at once: either taken or cancelled, never both', async () => {
  const creator = await signedInUser(t);
  const taker = await signedInUser(t);
  const created = await creator.agent.api.challenges.$post({ json: { description: 'Coin flip', amount: 5 } });
  const { code } = await created.json();
  const [take, cancel] = await Promise.all([
    taker.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} }),
    creator.agent.api.challenges[':code'].cancel.$post({ param: { code } }),
  ]);
  expect([take.status, cancel.status].sort()).toEqual([200, 409]);
  const [row] = await t.db.select().from(challenges).where(eq(challenges.code, code));
  expect(row?.takenBy === null).toBe(row?.cancelledAt !== null);
  expect(await t.db.select().from(bets).where(eq(bets.createdBy, creator.user.id))).toHaveLength(
    take.status === 200 ? 1 : 0,
  );
});
