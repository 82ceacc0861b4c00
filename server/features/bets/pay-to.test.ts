import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '#server/db/schema/auth.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * The payee's payment apps (Venmo handle, Cash App $cashtag, PayPal.me username) reach the one who pays
 * them, and nobody else (ADR 056): the loser of a completed bet, the side of a balance that owes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Ben (Cash App and PayPal.me besides Venmo) won against Ana; Cal is Ben's friend, so he sees Ben's bets. */
async function scene() {
  const [ana, ben, cal] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  await makeFriends(t, ana.user.id, ben.user.id);
  await makeFriends(t, ben.user.id, cal.user.id);
  const cashtag = `Ben_${ben.user.id.slice(-6)}`;
  const paypalMe = `Ben${ben.user.id.slice(-6).replace(/[^A-Za-z0-9]/g, '')}`;
  await t.db.update(users).set({ cashtag, paypalMe }).where(eq(users.id, ben.user.id));
  const apps = { venmoHandle: ben.user.venmoHandle, cashtag, paypalMe };
  const bet = await insertBet(t, {
    createdBy: ben.user.id,
    opponentId: ana.user.id,
    winnerId: ben.user.id,
    amount: 15,
  });
  return { ana, ben, cal, apps, cashtag, paypalMe, bet };
}

const betPage = async (u: User, id: string) => {
  const res = await u.agent.api.bets[':id'].$get({ param: { id } });
  expect(res.status).toBe(200);
  return res.json();
};

test("the loser's bet page, profile sections and 'Waiting on You' carry the winner's apps", async () => {
  const { ana, apps, bet } = await scene();
  expect((await betPage(ana, bet.id)).payTo).toEqual(apps);
  const mine = await (await ana.agent.api.bets.mine.$get()).json();
  expect(mine.past.items.find((item) => item.id === bet.id)?.payTo).toEqual(apps);
  const past = await (await ana.agent.api.bets.mine.past.$get({ query: {} })).json();
  expect(past.items.find((item) => item.id === bet.id)?.payTo).toEqual(apps);
  const waiting = await (await ana.agent.api.activity.waiting.$get()).json();
  expect(waiting.bets.find((item) => item.id === bet.id)).toMatchObject({ reason: 'pay', payTo: apps });
});

test("the winner and an onlooker never receive the winner's cashtag or PayPal.me username", async () => {
  const { ben, cal, cashtag, paypalMe, bet } = await scene();
  const responses = [
    await ben.agent.api.bets[':id'].$get({ param: { id: bet.id } }),
    await ben.agent.api.bets.mine.$get(),
    await ben.agent.api.activity.waiting.$get(),
    await ben.agent.api.balances.$get(),
    await cal.agent.api.bets[':id'].$get({ param: { id: bet.id } }),
    await cal.agent.api.feed.$get({ query: {} }),
  ];
  for (const res of responses) {
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain(cashtag);
    expect(body).not.toContain(paypalMe);
  }
  expect((await betPage(ben, bet.id)).payTo).toBeNull();
  // Cal does see the bet: only the apps are withheld.
  expect((await betPage(cal, bet.id)).payTo).toBeNull();
});

test('an open bet carries nobody’s apps; losing it by I Lost answers them to the loser at once', async () => {
  const { ana, ben, apps } = await scene();
  const active = await insertBet(t, {
    createdBy: ana.user.id,
    opponentId: ben.user.id,
    status: 'active',
    amount: 7,
  });
  expect((await betPage(ana, active.id)).payTo).toBeNull();
  const res = await ana.agent.api.bets[':id'].resolve.$post({
    param: { id: active.id },
    json: { outcome: 'lost' },
  });
  expect(res.status).toBe(200);
  expect((await res.json()).payTo).toEqual(apps);
});

test("the side of a balance that owes gets the friend's apps; the side that is owed does not", async () => {
  const { ana, ben, apps, cashtag } = await scene();
  const line = (await (await ana.agent.api.balances.$get()).json()).items.find(
    (item) => item.friend.id === ben.user.id,
  );
  expect(line).toMatchObject({ net: -15, payTo: apps });
  const detail = await (
    await ana.agent.api.balances[':friendId'].$get({ param: { friendId: ben.user.id } })
  ).json();
  expect(detail).toMatchObject({ net: -15, payTo: apps });

  const theirs = await ben.agent.api.balances[':friendId'].$get({ param: { friendId: ana.user.id } });
  expect((await theirs.json()).payTo).toBeNull();

  // Ben loses a bigger bet: now Ben owes Ana, and Ana's balance stops carrying Ben's apps.
  await insertBet(t, { createdBy: ana.user.id, opponentId: ben.user.id, winnerId: ana.user.id, amount: 40 });
  const flipped = await ana.agent.api.balances[':friendId'].$get({ param: { friendId: ben.user.id } });
  const body = await flipped.text();
  expect(body).not.toContain(cashtag);
  expect(
    (await (await ben.agent.api.balances[':friendId'].$get({ param: { friendId: ana.user.id } })).json())
      .payTo,
  ).toEqual({
    venmoHandle: ana.user.venmoHandle,
    cashtag: null,
    paypalMe: null,
  });
});
