import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { counterMessages } from '#domain/bet-stakes.ts';
import { betCounters } from '#server/db/schema/bet-counters.ts';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
let creator: Awaited<ReturnType<typeof signedInUser>>;
let opponent: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  creator = await signedInUser(t);
  opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
});
afterAll(() => closeTestApp(t));

const counter = (
  who: typeof creator,
  id: string,
  json: { creatorStake: number; opponentStake: number; seenCounters: number; note?: string },
) => who.agent.api.bets[':id'].counter.$post({ param: { id }, json });
const acceptCounter = (who: typeof creator, id: string, seenCounters: number) =>
  who.agent.api.bets[':id']['accept-counter'].$post({ param: { id }, json: { seenCounters } });
const waitsOn = async (who: typeof creator) =>
  (await (await who.agent.api.notifications.summary.$get()).json()).hasPendingAction;

test('a bet placed with odds keeps both stakes; an even one has both equal to the amount', async () => {
  const odds = await creator.agent.api.bets.$post({
    json: { description: 'Chiefs cover', opponentId: opponent.user.id, amount: 20, opponentStake: 10 },
  });
  expect(odds.status).toBe(201);
  expect(await odds.json()).toMatchObject({
    amount: 20,
    creatorStake: 20,
    opponentStake: 10,
    counterCount: 0,
  });
  const even = await creator.agent.api.bets.$post({
    json: { description: 'Rain', opponentId: opponent.user.id, amount: 15 },
  });
  expect(await even.json()).toMatchObject({ creatorStake: 15, opponentStake: 15 });
});

test('a bad stake is a 422 naming the field', async () => {
  const res = await creator.agent.api.bets.$post({
    json: { description: 'Chiefs cover', opponentId: opponent.user.id, amount: 20, opponentStake: 0 },
  });
  expect(res.status).toBe(422);
  expect(JSON.stringify(await res.json())).toContain('opponentStake');
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  for (const json of [
    { creatorStake: 0, opponentStake: 5, seenCounters: 0 },
    { creatorStake: 5, opponentStake: 10_001, seenCounters: 0 },
    { creatorStake: 5.5, opponentStake: 5, seenCounters: 0 },
    { creatorStake: 5, opponentStake: 5, seenCounters: 6 },
  ]) {
    expect((await counter(opponent, bet.id, json)).status).toBe(422);
  }
  // The terms already on the table are no counter.
  const same = await counter(opponent, bet.id, { creatorStake: 10, opponentStake: 10, seenCounters: 0 });
  expect(same.status).toBe(422);
  expect((await errorOf(same)).error.message).toBe(counterMessages.sameTerms);
});

test('a counter turns the bet to the creator, who accepts it: active at the countered stakes', async () => {
  const bet = await insertBet(t, {
    createdBy: creator.user.id,
    opponentId: opponent.user.id,
    amount: 20,
    opponentStake: 10,
  });
  const res = await counter(opponent, bet.id, {
    creatorStake: 15,
    opponentStake: 10,
    seenCounters: 0,
    note: '  make it 15  ',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    status: 'pending',
    creatorStake: 15,
    opponentStake: 10,
    counterCount: 1,
  });
  const [line] = await t.db.select().from(betCounters).where(eq(betCounters.betId, bet.id));
  expect(line).toMatchObject({
    byId: opponent.user.id,
    creatorStake: 15,
    opponentStake: 10,
    note: 'make it 15',
  });
  // Like a new bet waiting on the other side: the creator's inbox line and red dot.
  const [note] = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  expect(note).toMatchObject({ userId: creator.user.id, type: 'bet_countered' });
  expect(await waitsOn(creator)).toBe(true);
  // The opponent's accept of the old terms is refused now.
  const stale = await opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} });
  expect(stale.status).toBe(409);
  expect((await errorOf(stale)).error.message).toBe(counterMessages.changed);
  const page = await (await creator.agent.api.bets[':id'].$get({ param: { id: bet.id } })).json();
  expect(page).toMatchObject({
    actions: ['acceptCounter', 'decline', 'counter'],
    counters: [{ byName: opponent.user.name, creatorStake: 15 }],
  });
  const accepted = await acceptCounter(creator, bet.id, 1);
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toMatchObject({
    status: 'active',
    creatorStake: 15,
    opponentStake: 10,
    amount: 15,
  });
});

test('the creator counters back; the opponent accepts what they saw', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, amount: 20 });
  expect(
    (await counter(opponent, bet.id, { creatorStake: 20, opponentStake: 10, seenCounters: 0 })).status,
  ).toBe(200);
  expect(
    (await counter(creator, bet.id, { creatorStake: 20, opponentStake: 15, seenCounters: 1 })).status,
  ).toBe(200);
  expect((await acceptCounter(creator, bet.id, 2)).status).toBe(409);
  const res = await opponent.agent.api.bets[':id'].accept.$post({
    param: { id: bet.id },
    json: { seenCounters: 2 },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'active', creatorStake: 20, opponentStake: 15 });
});

test('the creator may decline a counter; the opponent hears of it', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  expect(
    (await counter(opponent, bet.id, { creatorStake: 30, opponentStake: 10, seenCounters: 0 })).status,
  ).toBe(200);
  const early = await opponent.agent.api.bets[':id'].decline.$post({ param: { id: bet.id } });
  expect(early.status).toBe(409);
  expect((await creator.agent.api.bets[':id'].decline.$post({ param: { id: bet.id } })).status).toBe(200);
  const lines = await t.db.select().from(notifications).where(eq(notifications.userId, opponent.user.id));
  expect(lines.some((line) => line.type === 'bet_declined' && line.actorId === creator.user.id)).toBe(true);
});

test('not your turn, a stale count, and the sixth counter are 409s', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  const early = await counter(creator, bet.id, { creatorStake: 5, opponentStake: 5, seenCounters: 0 });
  expect(early.status).toBe(409);
  expect(
    (await counter(opponent, bet.id, { creatorStake: 5, opponentStake: 5, seenCounters: 1 })).status,
  ).toBe(409);
  for (let i = 0; i < 5; i++) {
    const who = i % 2 === 0 ? opponent : creator;
    expect(
      (await counter(who, bet.id, { creatorStake: 10 + i + 1, opponentStake: 10, seenCounters: i })).status,
    ).toBe(200);
  }
  const sixth = await counter(creator, bet.id, { creatorStake: 40, opponentStake: 10, seenCounters: 5 });
  expect(sixth.status).toBe(409);
  expect((await errorOf(sixth)).error.message).toBe(counterMessages.tooMany);
  // Still answerable.
  expect((await acceptCounter(creator, bet.id, 5)).status).toBe(200);
});

test('counter routes: 401 signed out, 403 a friend who is not a party, 404 a stranger or no bet', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  const json = { creatorStake: 5, opponentStake: 5, seenCounters: 0 };
  const anonymous = createAgent(t);
  expect((await anonymous.api.bets[':id'].counter.$post({ param: { id: bet.id }, json })).status).toBe(401);
  expect(
    (
      await anonymous.api.bets[':id']['accept-counter'].$post({
        param: { id: bet.id },
        json: { seenCounters: 1 },
      })
    ).status,
  ).toBe(401);
  const friend = await signedInUser(t);
  await makeFriends(t, friend.user.id, creator.user.id);
  expect((await counter(friend, bet.id, json)).status).toBe(403);
  expect((await acceptCounter(friend, bet.id, 1)).status).toBe(403);
  const stranger = await signedInUser(t);
  expect((await counter(stranger, bet.id, json)).status).toBe(404);
  expect((await counter(opponent, '00000000-0000-4000-8000-000000000000', json)).status).toBe(404);
  expect((await acceptCounter(opponent, bet.id, 1)).status).toBe(403);
});

test('a counter binds its author to their weekly loss limit', async () => {
  const limited = await signedInUser(t);
  await makeFriends(t, creator.user.id, limited.user.id);
  expect((await limited.agent.api.limits['weekly-loss'].$put({ json: { weeklyLossLimit: 25 } })).status).toBe(
    200,
  );
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: limited.user.id, amount: 10 });
  const res = await counter(limited, bet.id, { creatorStake: 10, opponentStake: 30, seenCounters: 0 });
  expect(res.status).toBe(403);
  expect(
    (await counter(limited, bet.id, { creatorStake: 10, opponentStake: 20, seenCounters: 0 })).status,
  ).toBe(200);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(row?.counterCount).toBe(1);
});

test("the lines of an open uneven bet carry both stakes, and its page's 'placed' keeps the offer (ADR 066)", async () => {
  const placed = await creator.agent.api.bets.$post({
    json: { description: 'Offer kept', opponentId: opponent.user.id, amount: 20, opponentStake: 10 },
  });
  const { id } = await placed.json();
  expect((await counter(opponent, id, { creatorStake: 15, opponentStake: 10, seenCounters: 0 })).status).toBe(200);
  expect((await acceptCounter(creator, id, 1)).status).toBe(200);
  const lines = await t.db.select().from(notifications).where(eq(notifications.betId, id));
  const dataOf = (type: string) => lines.find((line) => line.type === type)?.data;
  expect(dataOf('bet_placed')).toEqual({ description: 'Offer kept', amount: 20, opponentStake: 10 });
  expect(dataOf('bet_countered')).toEqual({ description: 'Offer kept', amount: 15, opponentStake: 10 });
  expect(dataOf('bet_accepted')).toEqual({ description: 'Offer kept', amount: 15, opponentStake: 10 });
  const page = await (await opponent.agent.api.bets[':id'].$get({ param: { id } })).json();
  expect(page.history.map((event) => [event.kind, event.stakes])).toEqual([
    ['placed', { creatorStake: 20, opponentStake: 10 }],
    ['accepted', null],
  ]);
  // An even bet's lines are as before: the amount alone.
  const even = await creator.agent.api.bets.$post({
    json: { description: 'Even one', opponentId: opponent.user.id, amount: 15 },
  });
  const evenId = (await even.json()).id;
  const [evenLine] = await t.db.select().from(notifications).where(eq(notifications.betId, evenId));
  expect(evenLine?.data).toEqual({ description: 'Even one', amount: 15 });
});
