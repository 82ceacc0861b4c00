import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { limitMessages } from '#domain/limits.ts';
import { bets } from '#server/db/schema/bets.ts';
import { challenges } from '#server/db/schema/challenges.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Many bets of one user at once, each fitting on its own: the limit row lock
 * makes them queue, so exactly as many pass as fit and the rest are refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type Person = { agent: Agent; id: string };
async function person(): Promise<Person> {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id };
}

async function setLimit(who: Person, weeklyLossLimit: number) {
  expect((await who.agent.api.limits['weekly-loss'].$put({ json: { weeklyLossLimit } })).status).toBe(200);
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
    Array.from({ length: N }, (_, i) => me.agent.api.bets.$post({ json: { description: `Race ${i}`, opponentId: friend.id, amount: 10 } })),
  );
  // Typed as the success status only: a refusal (403) comes from the error handler.
  const statuses: number[] = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 403)).toHaveLength(N - 5);
  const refusal = results[statuses.indexOf(403)];
  if (!refusal) throw new Error('no refusal');
  expect((await errorOf(refusal)).error.message).toBe(limitMessages.exceeds(50));
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
      const res = await stranger.agent.api.challenges.$post({ json: { description: `Link ${i}`, amount: 10 } });
      return (await res.json()).code;
    }),
  );
  const calls = [
    ...offers.map((offer) => me.agent.api.bets[':id'].accept.$post({ param: { id: offer.id }, json: {} })),
    ...links.map((code) => me.agent.api.challenges[':code'].take.$post({ param: { code }, json: {} })),
    ...Array.from({ length: 8 }, (_, i) => me.agent.api.bets.$post({ json: { description: `Mixed ${i}`, opponentId: friend.id, amount: 10 } })),
    ...Array.from({ length: 8 }, (_, i) => me.agent.api.challenges.$post({ json: { description: `Own ${i}`, amount: 10 } })),
  ];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(6);
  expect(statuses.every((s) => [200, 201, 403].includes(s))).toBe(true);
  expect(await exposure(me.id)).toBe(60);
});
