import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { limitMessages } from '../../../domain/limits.ts';
import { bets } from '../../db/schema/bets.ts';
import { challenges } from '../../db/schema/challenges.ts';
import type { Agent } from '../../testing/agent.ts';
import { insertBet } from '../../testing/bets.ts';
import { makeFriends, signedInUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * Many bets of one user at once, each fitting on its own: the limit row lock
 * makes them queue, so exactly as many pass as fit and the rest are refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  await t.close();
});

type Person = { agent: Agent; id: string };
async function person(): Promise<Person> {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id };
}

async function setLimit(who: Person, weeklyLossLimit: number) {
  expect((await who.agent.request('/api/limits/weekly-loss', { method: 'PUT', json: { weeklyLossLimit } })).status).toBe(200);
}

/** Everything the user stands to lose now: their open bets' stakes and open links (no losses in these tests). */
async function exposure(userId: string) {
  const [row] = await t.db
    .select({ total: sql<number | string>`coalesce(sum(${bets.amount}), 0)::integer` })
    .from(bets)
    .where(
      or(
        and(eq(bets.createdBy, userId), sql`${bets.status} in ('pending', 'active')`),
        and(eq(bets.opponentId, userId), eq(bets.status, 'active')),
      ),
    );
  const [links] = await t.db
    .select({ total: sql<number | string>`coalesce(sum(${challenges.amount}), 0)::integer` })
    .from(challenges)
    .where(and(eq(challenges.creatorId, userId), sql`${challenges.takenBy} is null`));
  return Number(row?.total ?? 0) + Number(links?.total ?? 0);
}

const N = 30;

test(`${N} concurrent $10 bets under a $50 limit: exactly 5 are placed`, async () => {
  const me = await person();
  const friend = await person();
  await makeFriends(t, me.id, friend.id);
  await setLimit(me, 50);
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) => me.agent.post('/api/bets', { description: `Race ${i}`, opponentId: friend.id, amount: 10 })),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 403)).toHaveLength(N - 5);
  const refusal = results.find((r) => r.status === 403);
  expect(((await refusal?.json()) as { error: { message: string } }).error.message).toBe(limitMessages.exceeds(50));
  expect(await exposure(me.id)).toBe(50);
});

test('placing, accepting, taking links and making links at once never pass the limit together', async () => {
  const me = await person();
  const friend = await person();
  const stranger = await person();
  await makeFriends(t, me.id, friend.id);
  await setLimit(me, 60);
  const offers = await Promise.all(Array.from({ length: 8 }, () => insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 10 })));
  const links = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const res = await stranger.agent.post('/api/challenges', { description: `Link ${i}`, amount: 10 });
      return ((await res.json()) as { code: string }).code;
    }),
  );
  const calls = [
    ...offers.map((offer) => me.agent.post(`/api/bets/${offer.id}/accept`, {})),
    ...links.map((code) => me.agent.post(`/api/challenges/${code}/take`, {})),
    ...Array.from({ length: 8 }, (_, i) => me.agent.post('/api/bets', { description: `Mixed ${i}`, opponentId: friend.id, amount: 10 })),
    ...Array.from({ length: 8 }, (_, i) => me.agent.post('/api/challenges', { description: `Own ${i}`, amount: 10 })),
  ];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(6);
  expect(statuses.every((s) => [200, 201, 403].includes(s))).toBe(true);
  expect(await exposure(me.id)).toBe(60);
});
