import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Bet } from '#domain/bets.ts';
import { reminderMessages } from '#domain/reminders.ts';
import { bets } from '#server/db/schema/bets.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import { pushOutbox, pushSubscriptions } from '#server/db/schema/push.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type User = Awaited<ReturnType<typeof signedInUser>>;
type Row = Awaited<ReturnType<typeof insertUser>>;

/** A signed-in winner and a friend who lost to them (written straight to the table). */
async function pair(): Promise<{ winner: User; loser: Row }> {
  const winner = await signedInUser(t);
  const loser = await insertUser(t);
  await makeFriends(t, winner.user.id, loser.id);
  return { winner, loser };
}

const remind = (u: User, betId: string) => u.agent.api.bets[':id'].remind.$post({ param: { id: betId } });
const remindBalance = (u: User, friendId: string) => u.agent.api.balances[':friendId'].remind.$post({ param: { friendId } });
const linesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const setLastReminded = (betId: string, at: ReturnType<typeof sql>) => t.db.update(bets).set({ lastRemindedAt: at }).where(eq(bets.id, betId));

async function myPastBet(u: User, betId: string): Promise<Bet | undefined> {
  const body = await (await u.agent.api.bets.mine.$get()).json();
  return body.past.items.find((bet) => bet.id === betId);
}

test('the winner reminds the loser: one inbox line, and the card reads sent until 24 hours later', async () => {
  const { winner, loser } = await pair();
  const bet = await insertBet(t, { createdBy: loser.id, opponentId: winner.user.id, winnerId: winner.user.id, amount: 35 });
  expect((await myPastBet(winner, bet.id))?.reminder).toEqual({ availableAt: null });

  const before = Date.now();
  const res = await remind(winner, bet.id);
  expect(res.status).toBe(200);
  const { reminder } = await res.json();
  const wait = new Date(reminder.availableAt).getTime() - before;
  expect(wait).toBeGreaterThan(23.9 * 3600_000);
  expect(wait).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  expect((await myPastBet(winner, bet.id))?.reminder).toEqual({ availableAt: reminder.availableAt });
  const page = await (await winner.agent.api.bets[':id'].$get({ param: { id: bet.id } })).json();
  expect(page.reminder).toEqual({ availableAt: reminder.availableAt });

  const lines = await linesOf(loser.id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ type: 'payment_reminder', actorId: winner.user.id, betId: bet.id, data: { amount: 35, description: bet.description } });

  const again = await remind(winner, bet.id);
  expect(again.status).toBe(429);
  expect((await errorOf(again)).error.message).toBe(reminderMessages.throttled);
  expect(await linesOf(loser.id)).toHaveLength(1);
});

test('the 24-hour throttle at its boundary: a second short of it refused, at it allowed', async () => {
  const { winner, loser } = await pair();
  const bet = await insertBet(t, { createdBy: winner.user.id, opponentId: loser.id, winnerId: winner.user.id });
  await setLastReminded(bet.id, sql`now() - interval '24 hours' + interval '2 seconds'`);
  expect((await remind(winner, bet.id)).status).toBe(429);
  expect((await myPastBet(winner, bet.id))?.reminder?.availableAt).not.toBeNull();
  // Exactly 24 hours before the statement that set it: the request's own clock is later still.
  await setLastReminded(bet.id, sql`now() - interval '24 hours'`);
  expect((await myPastBet(winner, bet.id))?.reminder).toEqual({ availableAt: null });
  expect((await remind(winner, bet.id)).status).toBe(200);
  expect(await linesOf(loser.id)).toHaveLength(1);
});

test('only the winner of a completed, unpaid bet may remind; everything else is a 4xx', async () => {
  const { winner, loser } = await pair();
  const loserUser = await signedInUser(t);
  await makeFriends(t, winner.user.id, loserUser.user.id);
  const bet = await insertBet(t, { createdBy: winner.user.id, opponentId: loserUser.user.id, winnerId: winner.user.id });
  // The loser: 403. A friend of the creator who sees the bet in the feed: 403. A stranger: 404.
  expect((await remind(loserUser, bet.id)).status).toBe(403);
  expect((await errorOf(await remind(loserUser, bet.id))).error.message).toBe(reminderMessages.onlyWinner);
  const onlooker = await signedInUser(t);
  await makeFriends(t, onlooker.user.id, winner.user.id);
  expect((await remind(onlooker, bet.id)).status).toBe(403);
  // The onlooker sees the bet, but not when it was last reminded about.
  expect((await (await onlooker.agent.api.bets[':id'].$get({ param: { id: bet.id } })).json()).reminder).toBeNull();
  const stranger = await signedInUser(t);
  expect((await remind(stranger, bet.id)).status).toBe(404);
  expect((await remind(winner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await remind(winner, 'not-a-uuid')).status).toBe(422);
  expect((await createAgent(t).api.bets[':id'].remind.$post({ param: { id: bet.id } })).status).toBe(401);
  // Not resolved, or already paid (singly or by a settle-up): 409.
  const active = await insertBet(t, { createdBy: winner.user.id, opponentId: loser.id, status: 'active' });
  expect((await remind(winner, active.id)).status).toBe(409);
  const paid = await insertBet(t, { createdBy: winner.user.id, opponentId: loser.id, winnerId: winner.user.id, paymentSent: true });
  expect((await remind(winner, paid.id)).status).toBe(409);
  expect((await errorOf(await remind(winner, paid.id))).error.message).toBe(reminderMessages.alreadyPaid);
  expect((await myPastBet(winner, paid.id))?.reminder).toBeNull();
  expect(await linesOf(loserUser.user.id)).toEqual([]);
  expect(await linesOf(loser.id)).toEqual([]);
});

test('a balance reminder: the creditor only, for the net, counted against each bet the friend lost', async () => {
  const { winner: me, loser: alex } = await pair();
  const b1 = await insertBet(t, { createdBy: alex.id, opponentId: me.user.id, winnerId: me.user.id, amount: 30 });
  const b2 = await insertBet(t, { createdBy: me.user.id, opponentId: alex.id, winnerId: me.user.id, amount: 20 });
  const mine = await insertBet(t, { createdBy: me.user.id, opponentId: alex.id, winnerId: alex.id, amount: 15 });
  const line = async () => (await (await me.agent.api.balances.$get()).json()).items.find((b) => b.friend.id === alex.id);
  expect(await line()).toMatchObject({ net: 35, reminder: { availableAt: null } });

  const res = await remindBalance(me, alex.id);
  expect(res.status).toBe(200);
  const { reminder } = await res.json();
  expect((await line())?.reminder).toEqual({ availableAt: reminder.availableAt });
  const [note, ...more] = await linesOf(alex.id);
  expect(more).toEqual([]);
  expect(note).toMatchObject({ type: 'balance_reminder', actorId: me.user.id, betId: null, data: { amount: 35, betCount: 2 } });
  const stamped = await t.db.select({ id: bets.id, at: bets.lastRemindedAt }).from(bets).where(inArray(bets.id, [b1.id, b2.id, mine.id]));
  expect(Object.fromEntries(stamped.map((r) => [r.id, r.at !== null]))).toEqual({ [b1.id]: true, [b2.id]: true, [mine.id]: false });

  // It counts for each bet in it: neither bet, nor the balance again, within 24 hours.
  expect((await remind(me, b1.id)).status).toBe(429);
  expect((await remind(me, b2.id)).status).toBe(429);
  expect((await remindBalance(me, alex.id)).status).toBe(429);
  expect(await linesOf(alex.id)).toHaveLength(1);
  // One bet reminded recently is enough to hold the balance back.
  await setLastReminded(b1.id, sql`now() - interval '25 hours'`);
  expect((await remindBalance(me, alex.id)).status).toBe(429);
  await setLastReminded(b2.id, sql`now() - interval '25 hours'`);
  expect((await line())?.reminder).toEqual({ availableAt: null });
  expect((await remindBalance(me, alex.id)).status).toBe(200);
});

test('a balance reminder is refused to the debtor, on a zero net, and for a stranger', async () => {
  const { winner: me, loser: alex } = await pair();
  const alexUser = await signedInUser(t);
  await makeFriends(t, me.user.id, alexUser.user.id);
  await insertBet(t, { createdBy: alexUser.user.id, opponentId: me.user.id, winnerId: me.user.id, amount: 10 });
  // The side that owes: 403, with the balance line carrying no reminder.
  const res = await remindBalance(alexUser, me.user.id);
  expect(res.status).toBe(403);
  expect((await errorOf(res)).error.message).toBe(reminderMessages.notOwed(me.user.name));
  const theirs = await (await alexUser.agent.api.balances.$get()).json();
  expect(theirs.items[0]).toMatchObject({ net: -10, reminder: null });
  // Even, or nothing at all with a friend: 403. Not a friend and no bets, or unknown: 404. Myself: 404.
  await insertBet(t, { createdBy: me.user.id, opponentId: alexUser.user.id, winnerId: alexUser.user.id, amount: 10 });
  expect((await remindBalance(me, alexUser.user.id)).status).toBe(403);
  expect((await remindBalance(me, alex.id)).status).toBe(403);
  const stranger = await insertUser(t);
  expect((await remindBalance(me, stranger.id)).status).toBe(404);
  expect((await remindBalance(me, 'u_missing')).status).toBe(404);
  expect((await remindBalance(me, me.user.id)).status).toBe(404);
  expect((await remindBalance(me, '')).status).toBe(404);
  expect((await createAgent(t).api.balances[':friendId'].remind.$post({ param: { friendId: alex.id } })).status).toBe(401);
  expect(await linesOf(alexUser.user.id)).toEqual([]);
  expect(await linesOf(alex.id)).toEqual([]);
});

test('concurrent reminders about one bet, singly and by balance: exactly one goes out', async () => {
  const { winner, loser } = await pair();
  const bet = await insertBet(t, { createdBy: winner.user.id, opponentId: loser.id, winnerId: winner.user.id, amount: 12 });
  const requests = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? remind(winner, bet.id) : remindBalance(winner, loser.id)));
  const statuses = (await Promise.all(requests)).map((res) => res.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 429)).toHaveLength(19);
  expect(await linesOf(loser.id)).toHaveLength(1);
});

test('with the Reminders switches off, the reminder reaches the inbox only; on, it is pushed and mailed', async () => {
  for (const isOn of [true, false]) {
    const { winner, loser } = await pair();
    await t.db.insert(pushSubscriptions).values({ userId: loser.id, endpoint: `https://push.example.com/${loser.id}`, p256dh: 'k', auth: 'a' });
    if (!isOn) {
      await t.db.insert(notificationPreferences).values([
        { userId: loser.id, category: 'reminders', channel: 'push', enabled: false },
        { userId: loser.id, category: 'reminders', channel: 'email', enabled: false },
      ]);
    }
    const bet = await insertBet(t, { createdBy: loser.id, opponentId: winner.user.id, winnerId: winner.user.id, amount: 40 });
    expect((await remind(winner, bet.id)).status).toBe(200);
    const [line] = await linesOf(loser.id);
    expect(line?.type).toBe('payment_reminder');
    const pushes = await t.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, line?.id ?? ''));
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, loser.email)));
    expect(pushes).toHaveLength(isOn ? 1 : 0);
    expect(mails).toHaveLength(isOn ? 1 : 0);
    if (isOn) expect(mails[0]?.subject).toBe(`${winner.user.name} reminded you about $40`);
  }
});
