import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { potPayments } from '#server/db/schema/pots.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { insertDecidedPot } from '#server/testing/pots.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

test('a decided pot is a win, a loss or neither per entrant; net winnings and the streak include it', async () => {
  const me = await signedInUser(t);
  const [a, b, c] = [await insertUser(t), await insertUser(t), await insertUser(t)];
  // Won: three stakes of $10, I alone on the winning side: back $30, +$20.
  await insertDecidedPot(t, {
    stake: 10,
    decidedAt: ago(5 * day),
    entrants: [
      { userId: me.user.id, won: true },
      { userId: a.id, won: false },
      { userId: b.id, won: false },
    ],
  });
  // Neither: everyone on the winning side gets their stake back.
  await insertDecidedPot(t, {
    stake: 50,
    decidedAt: ago(4 * day),
    entrants: [
      { userId: me.user.id, won: true },
      { userId: c.id, won: true },
    ],
  });
  // A disputed pot is not decided yet.
  await insertDecidedPot(t, {
    stake: 40,
    status: 'disputed',
    decidedAt: ago(3 * day),
    entrants: [
      { userId: a.id, won: true },
      { userId: me.user.id, won: false },
    ],
  });
  // Lost the latest: −$15.
  await insertDecidedPot(t, {
    stake: 15,
    decidedAt: ago(2 * day),
    entrants: [
      { userId: c.id, won: true },
      { userId: me.user.id, won: false },
    ],
  });
  // And a bet won before all of them: +$7.
  await insertBet(t, { createdBy: me.user.id, opponentId: a.id, winnerId: me.user.id, amount: 7, completedAt: ago(9 * day) });

  const { stats } = await (await me.agent.api.profile.$get()).json();
  expect(stats).toMatchObject({ wins: 2, losses: 1, totalBets: 3, netWinnings: 7 + 20 - 15, streak: -1 });
});

test('the payer record counts a lost pot: paid when all its payments are sent, on time within 3 days; unpaid what is unsent', async () => {
  const me = await signedInUser(t);
  const [a, b, c] = [await insertUser(t), await insertUser(t), await insertUser(t)];
  // Lost 10 days ago with another loser: my one payment of the stake to the winner.
  const old = await insertDecidedPot(t, {
    stake: 10,
    decidedAt: ago(10 * day),
    entrants: [
      { userId: a.id, won: true },
      { userId: me.user.id, won: false },
      { userId: b.id, won: false },
    ],
  });
  const mine = old.payments.filter((p) => p.payerId === me.user.id);
  expect(mine).toHaveLength(1);
  // Paid two days after the result: on time.
  await t.db.update(potPayments).set({ sentAt: ago(8 * day) }).where(eq(potPayments.payerId, me.user.id));
  // Lost 5 days ago, one of two payments sent (late): not paid yet, counted (over 3 days), $10 still unpaid.
  const late = await insertDecidedPot(t, {
    stake: 20,
    decidedAt: ago(5 * day),
    entrants: [
      { userId: b.id, won: true },
      { userId: c.id, won: true },
      { userId: me.user.id, won: false },
    ],
  });
  const lateMine = late.payments.filter((p) => p.payerId === me.user.id);
  expect(lateMine.map((p) => p.amount)).toEqual([10, 10]);
  await t.db.update(potPayments).set({ sentAt: ago(day) }).where(eq(potPayments.id, lateMine[0]?.id ?? ''));
  // Lost an hour ago, unpaid: not counted yet, but unpaid.
  await insertDecidedPot(t, {
    stake: 5,
    decidedAt: ago(60 * 60 * 1000),
    entrants: [
      { userId: c.id, won: true },
      { userId: me.user.id, won: false },
    ],
  });
  const profile = await (await me.agent.api.profile.$get()).json();
  expect(profile.payerRecord).toEqual({ onTime: 1, total: 2, unpaid: 10 + 5 });
});

test('the weekly leaderboard counts pot wins decided in the last 7 days', async () => {
  const me = await signedInUser(t);
  const friend = await insertUser(t);
  const other = await insertUser(t);
  await makeFriends(t, me.user.id, friend.id);
  const pot = (winner: string, decidedAt: Date) =>
    insertDecidedPot(t, {
      decidedAt,
      entrants: [
        { userId: winner, won: true },
        { userId: other.id, won: false },
      ],
    });
  await pot(friend.id, ago(day));
  await pot(friend.id, ago(2 * day));
  await pot(me.user.id, ago(10 * day)); // too old
  await insertBet(t, { createdBy: me.user.id, opponentId: other.id, winnerId: me.user.id, completedAt: ago(day) });
  // A pot where everyone got their stake back is no win.
  await insertDecidedPot(t, {
    decidedAt: ago(day),
    entrants: [
      { userId: me.user.id, won: true },
      { userId: friend.id, won: true },
    ],
  });
  const { items } = await (await me.agent.api.feed.leaderboard.$get()).json();
  expect(items.map((item) => [item.user.id, item.wins])).toEqual([
    [friend.id, 2],
    [me.user.id, 1],
  ]);
});
