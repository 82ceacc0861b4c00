import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { limitMessages } from '#domain/limits.ts';
import { bets } from '#server/db/schema/bets.ts';
import { userLimits } from '#server/db/schema/limits.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

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

/** A user with a friend to bet with. */
async function pair() {
  const me = await person();
  const friend = await person();
  await makeFriends(t, me.id, friend.id);
  return { me, friend };
}

async function setLimit(who: Person, weeklyLossLimit: number | null) {
  const res = await who.agent.api.limits['weekly-loss'].$put({ json: { weeklyLossLimit } });
  expect(res.status).toBe(200);
  return res.json();
}

const place = (who: Person, opponentId: string, amount: number) =>
  who.agent.api.bets.$post({ json: { description: `Limit test ${amount}`, opponentId, amount } });

async function expectRefused(res: { status: number; json(): Promise<unknown> }, limit: number) {
  expect(res.status).toBe(403);
  expect((await errorOf(res)).error).toEqual({ code: 'LIMIT_REACHED', message: limitMessages.exceeds(limit) });
}

/** Moves a waiting raise or removal to its due time, as 24 hours passing would. */
async function elapseSchedule(userId: string) {
  await t.db.update(userLimits).set({ scheduledAt: sql`now() - interval '1 second'` }).where(eq(userLimits.userId, userId));
}

test('GET: no limit and no break until set; signed out is 401', async () => {
  const me = await person();
  const res = await me.agent.api.limits.$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ weeklyLossLimit: null, scheduled: null, committed: 0, breakUntil: null });
  const anonymous = createAgent(t);
  expect((await anonymous.api.limits.$get()).status).toBe(401);
  expect((await anonymous.api.limits['weekly-loss'].$put({ json: { weeklyLossLimit: 5 } })).status).toBe(401);
  expect((await anonymous.api.limits.break.$post({ json: { duration: '24h' } })).status).toBe(401);
});

test('bad input is 422 and changes nothing', async () => {
  const me = await person();
  // Values outside the contract (a string, a missing value): untyped on purpose.
  for (const weeklyLossLimit of [0, -5, 1.5, '10', 1_000_001, undefined]) {
    const res = await me.agent.request('/api/limits/weekly-loss', { method: 'PUT', json: { weeklyLossLimit } });
    expect(res.status).toBe(422);
  }
  for (const duration of ['forever', '', 24, null]) {
    expect((await me.agent.post('/api/limits/break', { duration })).status).toBe(422);
  }
  expect(await t.db.select().from(userLimits).where(eq(userLimits.userId, me.id))).toEqual([]);
});

test('the boundary: a bet reaching the limit exactly is allowed, one dollar more is refused', async () => {
  const { me, friend } = await pair();
  expect(await setLimit(me, 50)).toMatchObject({ weeklyLossLimit: 50, scheduled: null, committed: 0 });
  expect((await place(me, friend.id, 30)).status).toBe(201);
  await expectRefused(await place(me, friend.id, 21), 50);
  expect((await place(me, friend.id, 20)).status).toBe(201);
  await expectRefused(await place(me, friend.id, 1), 50);
  expect((await (await me.agent.api.limits.$get()).json()).committed).toBe(50);
  // The friend has no limit: bets they place on me are not mine until I accept them.
  expect((await place(friend, me.id, 100)).status).toBe(201);
});

test('what counts: my pending and active stakes, open links and this week’s losses; not wins, old losses or offers to me', async () => {
  const { me, friend } = await pair();
  await setLimit(me, 100);
  const day = 24 * 3600_000;
  await insertBet(t, { createdBy: me.id, opponentId: friend.id, amount: 10 }); // my pending offer: 10
  await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 15, status: 'active' }); // active: 15
  await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 40 }); // offered to me: 0
  await insertBet(t, { createdBy: me.id, opponentId: friend.id, amount: 7, winnerId: friend.id, completedAt: new Date(Date.now() - 2 * day), paymentSent: true }); // lost this week, paid: 7
  await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 11, winnerId: friend.id, completedAt: new Date(Date.now() - 6 * day) }); // lost this week: 11
  await insertBet(t, { createdBy: me.id, opponentId: friend.id, amount: 500, winnerId: friend.id, completedAt: new Date(Date.now() - 8 * day) }); // lost last week: 0
  await insertBet(t, { createdBy: me.id, opponentId: friend.id, amount: 300, winnerId: me.id, completedAt: new Date() }); // won: 0
  expect((await me.agent.api.challenges.$post({ json: { description: 'Open link', amount: 5 } })).status).toBe(201); // open link: 5
  const limits = await (await me.agent.api.limits.$get()).json();
  expect(limits.committed).toBe(10 + 15 + 7 + 11 + 5);
  // 48 committed: 52 more fits exactly, 53 does not.
  await expectRefused(await place(me, friend.id, 53), 100);
  // Accepting the $40 offer is checked against the same sum.
  const offer = await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 53 });
  await expectRefused(await me.agent.api.bets[':id'].accept.$post({ param: { id: offer.id }, json: {} }), 100);
  expect((await t.db.select().from(bets).where(eq(bets.id, offer.id)))[0]?.status).toBe('pending');
  expect((await place(me, friend.id, 52)).status).toBe(201);
});

test('a first limit and a lower one apply at once; raising waits 24 hours, then applies', async () => {
  const { me, friend } = await pair();
  expect((await setLimit(me, 100)).weeklyLossLimit).toBe(100);
  expect((await setLimit(me, 20)).weeklyLossLimit).toBe(20);
  await expectRefused(await place(me, friend.id, 21), 20);

  const before = Date.now();
  const raised = await setLimit(me, 60);
  expect(raised.weeklyLossLimit).toBe(20);
  expect(raised.scheduled?.weeklyLossLimit).toBe(60);
  const appliesAt = new Date(raised.scheduled?.appliesAt ?? 0).getTime();
  expect(Math.abs(appliesAt - (before + 24 * 3600_000))).toBeLessThan(60_000);
  await expectRefused(await place(me, friend.id, 21), 20);
  // Saving the same raise again does not push it back.
  expect((await setLimit(me, 60)).scheduled?.appliesAt).toBe(raised.scheduled?.appliesAt);

  await elapseSchedule(me.id);
  expect(await (await me.agent.api.limits.$get()).json()).toMatchObject({ weeklyLossLimit: 60, scheduled: null });
  expect((await place(me, friend.id, 60)).status).toBe(201);
});

test('lowering while a raise waits drops the raise; removing waits 24 hours too', async () => {
  const { me, friend } = await pair();
  await setLimit(me, 30);
  expect((await setLimit(me, 90)).scheduled?.weeklyLossLimit).toBe(90);
  expect(await setLimit(me, 25)).toMatchObject({ weeklyLossLimit: 25, scheduled: null });

  const removing = await setLimit(me, null);
  expect(removing.weeklyLossLimit).toBe(25);
  expect(removing.scheduled).toMatchObject({ weeklyLossLimit: null });
  await expectRefused(await place(me, friend.id, 26), 25);
  await elapseSchedule(me.id);
  expect(await (await me.agent.api.limits.$get()).json()).toMatchObject({ weeklyLossLimit: null, scheduled: null });
  expect((await place(me, friend.id, 500)).status).toBe(201);
  // With no limit in force, a new one is a first limit again: at once.
  expect(await setLimit(me, 10)).toMatchObject({ weeklyLossLimit: 10, scheduled: null });
});

test('taking a challenge link and making one are checked against the limit too', async () => {
  const { me, friend } = await pair();
  const stranger = await person();
  await setLimit(me, 30);
  const link = await (await stranger.agent.api.challenges.$post({ json: { description: 'Big one', amount: 31 } })).json();
  await expectRefused(await me.agent.api.challenges[':code'].take.$post({ param: { code: link.code }, json: {} }), 30);
  await expectRefused(await me.agent.api.challenges.$post({ json: { description: 'Mine', amount: 31 } }), 30);
  expect((await me.agent.api.challenges.$post({ json: { description: 'Mine', amount: 30 } })).status).toBe(201);
  await expectRefused(await place(me, friend.id, 1), 30);
});

test('Take a Break refuses placing, accepting, taking and making links, but resolving, paying and confirming work', async () => {
  const { me, friend } = await pair();
  const lost = await insertBet(t, { createdBy: me.id, opponentId: friend.id, amount: 5, winnerId: friend.id });
  const won = await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 5, winnerId: me.id, paymentSent: true });
  const active = await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 5, status: 'active' });
  const offer = await insertBet(t, { createdBy: friend.id, opponentId: me.id, amount: 5 });
  const link = await (await friend.agent.api.challenges.$post({ json: { description: 'Link', amount: 5 } })).json();

  const before = Date.now();
  const res = await me.agent.api.limits.break.$post({ json: { duration: '7d' } });
  expect(res.status).toBe(200);
  const { breakUntil } = await res.json();
  expect(Math.abs(new Date(breakUntil ?? 0).getTime() - (before + 7 * 24 * 3600_000))).toBeLessThan(60_000);
  const onBreak = { code: 'FORBIDDEN', message: limitMessages.onBreak(breakUntil ?? '', 'utc') };
  expect(onBreak.message).toMatch(/^You are on a break until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\.$/);

  for (const refused of [
    await place(me, friend.id, 1),
    await me.agent.api.bets[':id'].accept.$post({ param: { id: offer.id }, json: {} }),
    await me.agent.api.challenges[':code'].take.$post({ param: { code: link.code }, json: {} }),
    await me.agent.api.challenges.$post({ json: { description: 'Mine', amount: 1 } }),
  ]) {
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).error).toEqual(onBreak);
  }
  // Incoming bets still arrive and wait; declining one is fine.
  expect((await place(friend, me.id, 5)).status).toBe(201);
  expect((await me.agent.api.bets[':id'].decline.$post({ param: { id: offer.id } })).status).toBe(200);
  expect((await me.agent.api.bets[':id'].resolve.$post({ param: { id: active.id }, json: { outcome: 'lost' } })).status).toBe(200);
  expect((await me.agent.api.bets[':id']['payment-sent'].$post({ param: { id: lost.id } })).status).toBe(200);
  expect((await me.agent.api.bets[':id']['payment-confirmed'].$post({ param: { id: won.id } })).status).toBe(200);

  // It cannot be ended early: a shorter break leaves the end where it was.
  const shorter = await (await me.agent.api.limits.break.$post({ json: { duration: '24h' } })).json();
  expect(shorter.breakUntil).toBe(breakUntil);
  // A longer one lengthens it.
  const longer = await (await me.agent.api.limits.break.$post({ json: { duration: '30d' } })).json();
  expect(new Date(longer.breakUntil ?? 0).getTime()).toBeGreaterThan(new Date(breakUntil ?? 0).getTime());

  // Once it is over, betting works again.
  await t.db.update(userLimits).set({ breakUntil: sql`now() - interval '1 second'` }).where(eq(userLimits.userId, me.id));
  expect((await (await me.agent.api.limits.$get()).json()).breakUntil).toBeNull();
  expect((await place(me, friend.id, 1)).status).toBe(201);
});
