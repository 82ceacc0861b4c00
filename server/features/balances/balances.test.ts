import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { settlements } from '#server/db/schema/settlements.ts';
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
async function friends(): Promise<[User, User]> {
  const a = await signedInUser(t);
  const b = await signedInUser(t);
  await makeFriends(t, a.user.id, b.user.id);
  return [a, b];
}
/** A completed bet `loser` lost to `winner`. */
const lost = (loser: User, winner: User, amount: number, extra: { paymentSent?: boolean } = {}) =>
  insertBet(t, { createdBy: loser.user.id, opponentId: winner.user.id, winnerId: winner.user.id, amount, ...extra });

const balances = async (u: User) => (await u.agent.api.balances.$get()).json();
const detail = async (u: User, friend: User) => (await u.agent.api.balances[':friendId'].$get({ param: { friendId: friend.user.id } })).json();
const settle = (u: User, friend: User, betIds: string[]) => u.agent.api.balances[':friendId'].settle.$post({ param: { friendId: friend.user.id }, json: { betIds } });
const confirmSettlement = (u: User, id: string) => u.agent.api.settlements[':id'].confirm.$post({ param: { id } });
const betPage = async (u: User, id: string) => (await u.agent.api.bets[':id'].$get({ param: { id } })).json();

test('the net nets bets in both directions, per friend, largest first; zero nets and paid bets are left out', async () => {
  const [me, alex] = await friends();
  const sam = await signedInUser(t);
  const kim = await signedInUser(t);
  await makeFriends(t, me.user.id, sam.user.id);
  await makeFriends(t, me.user.id, kim.user.id);
  await lost(me, alex, 50);
  await lost(alex, me, 15);
  await lost(me, alex, 7, { paymentSent: true }); // paid: not in the net
  await lost(sam, me, 20);
  await lost(kim, me, 10);
  await lost(me, kim, 10); // cancels out
  await insertBet(t, { createdBy: me.user.id, opponentId: sam.user.id, status: 'active', amount: 99 }); // not completed

  const mine = await balances(me);
  expect(mine.items.map((b) => [b.friend.id, b.net, b.betCount])).toEqual([
    [alex.user.id, -35, 2],
    [sam.user.id, 20, 1],
  ]);
  expect((await balances(alex)).items.map((b) => [b.friend.id, b.net])).toEqual([[me.user.id, 35]]);
  expect((await balances(kim)).items).toEqual([]);

  const withAlex = await detail(me, alex);
  expect(withAlex.net).toBe(-35);
  expect(withAlex.bets.map((b) => [b.amount, b.direction])).toEqual([
    [15, 'owed_to_me'],
    [50, 'i_owe'],
  ]);
  expect(withAlex.friend.venmoHandle).toBe(alex.user.venmoHandle);
});

test('settling up: one settlement for the net, all bets paid in both directions, the payee notified and confirming all', async () => {
  const [me, alex] = await friends();
  const b1 = await lost(me, alex, 20);
  const b2 = await lost(me, alex, 25);
  const b3 = await lost(alex, me, 10);
  const shown = await detail(me, alex);
  const res = await settle(
    me,
    alex,
    shown.bets.map((b) => b.id),
  );
  expect(res.status).toBe(201);
  const settlement = await res.json();
  expect(settlement).toMatchObject({ payerId: me.user.id, payeeId: alex.user.id, amount: 35, betCount: 3, confirmedAt: null });

  const rows = await t.db.select().from(bets).where(inArray(bets.id, [b1.id, b2.id, b3.id]));
  expect(rows.every((r) => r.paymentSent && !r.paymentConfirmed && r.settlementId === settlement.id && r.paidAt !== null)).toBe(true);
  expect((await balances(me)).items).toEqual([]);
  // The payee sees the line with the payment to confirm, and it waits on them.
  const theirs = await balances(alex);
  expect(theirs.items).toMatchObject([{ friend: { id: me.user.id }, net: 0, pendingSettlement: { id: settlement.id, amount: 35, betCount: 3 } }]);
  expect((await (await alex.agent.api.notifications.summary.$get()).json()).hasPendingAction).toBe(true);
  const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, alex.user.id));
  expect(note).toMatchObject({ type: 'settlement_marked', actorId: me.user.id, data: { amount: 35, betCount: 3 } });
  // Each bet shows its settlement and can no longer be paid or confirmed singly.
  const page = await betPage(me, b1.id);
  expect(page.settlement).toEqual({ id: settlement.id, amount: 35, confirmed: false });
  expect(page.actions).toEqual([]);
  expect((await alex.agent.api.bets[':id']['payment-confirmed'].$post({ param: { id: b1.id } })).status).toBe(409);
  expect((await alex.agent.api.bets[':id']['payment-sent'].$post({ param: { id: b3.id } })).status).toBe(409);

  // Only the payee confirms.
  expect((await confirmSettlement(me, settlement.id)).status).toBe(403);
  const stranger = await signedInUser(t);
  expect((await confirmSettlement(stranger, settlement.id)).status).toBe(404);
  const confirmed = await confirmSettlement(alex, settlement.id);
  expect(confirmed.status).toBe(200);
  expect((await confirmed.json()).confirmedAt).not.toBeNull();
  expect((await confirmSettlement(alex, settlement.id)).status).toBe(409);
  const after = await t.db.select().from(bets).where(eq(bets.settlementId, settlement.id));
  expect(after.map((r) => r.paymentConfirmed)).toEqual([true, true, true]);
  expect((await balances(alex)).items).toEqual([]);
  const [back] = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
  expect(back).toMatchObject({ type: 'settlement_confirmed', actorId: alex.user.id, data: { amount: 35, betCount: 3 } });
  const done = await betPage(me, b1.id);
  expect(done).toMatchObject({ settlement: { id: settlement.id, amount: 35, confirmed: true }, paymentConfirmed: true });
});

test('only the net debtor may settle up; a zero net has nothing to settle', async () => {
  const [me, alex] = await friends();
  const bet = await lost(alex, me, 30);
  const res = await settle(me, alex, [bet.id]);
  expect(res.status).toBe(403);
  expect(await t.db.select().from(settlements).where(eq(settlements.payeeId, alex.user.id))).toEqual([]);
  const even = await lost(me, alex, 30);
  expect((await settle(me, alex, [bet.id, even.id])).status).toBe(403);
  expect((await settle(alex, me, [bet.id, even.id])).status).toBe(403);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(row?.paymentSent).toBe(false);
});

test('a balance that changed since it was shown is refused and nothing changes', async () => {
  const [me, alex] = await friends();
  const b1 = await lost(me, alex, 20);
  const b2 = await lost(me, alex, 5);
  const shown = (await detail(me, alex)).bets.map((b) => b.id);

  // Paid singly meanwhile.
  expect((await me.agent.api.bets[':id']['payment-sent'].$post({ param: { id: b2.id } })).status).toBe(200);
  const paidSingly = await settle(me, alex, shown);
  expect(paidSingly.status).toBe(409);
  expect(await paidSingly.json()).toMatchObject({
    error: { code: 'CONFLICT', message: `Your balance with ${alex.user.name} changed. Please review it again.` },
  });

  // Newly completed meanwhile.
  const again = (await detail(me, alex)).bets.map((b) => b.id);
  expect(again).toEqual([b1.id]);
  await lost(me, alex, 8);
  const newer = await settle(me, alex, again);
  expect(newer.status).toBe(409);
  expect((await errorOf(newer)).error.message).toBe(`Your balance with ${alex.user.name} changed. Please review it again.`);
  // Duplicated or foreign ids are a different set too.
  expect((await settle(me, alex, [b1.id, b1.id])).status).toBe(409);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, b1.id));
  expect(row).toMatchObject({ paymentSent: false, settlementId: null });
  expect(await t.db.select().from(settlements).where(eq(settlements.payerId, me.user.id))).toEqual([]);
});

test('validation, sign-in and strangers', async () => {
  const [me, alex] = await friends();
  expect((await settle(me, alex, [])).status).toBe(422);
  expect((await me.agent.api.balances[':friendId'].settle.$post({ param: { friendId: alex.user.id }, json: { betIds: ['nope'] } })).status).toBe(422);
  // No betIds at all: a body the typed client would not let us send.
  expect((await me.agent.post(`/api/balances/${alex.user.id}/settle`, {})).status).toBe(422);
  expect((await me.agent.api.balances[':friendId'].$get({ param: { friendId: 'bad%20id' } })).status).toBe(422);
  expect((await me.agent.api.settlements[':id'].confirm.$post({ param: { id: 'not-a-uuid' } })).status).toBe(422);
  const anonymous = createAgent(t);
  expect((await anonymous.api.balances.$get()).status).toBe(401);
  expect((await anonymous.api.balances[':friendId'].$get({ param: { friendId: alex.user.id } })).status).toBe(401);
  expect((await anonymous.api.balances[':friendId'].settle.$post({ param: { friendId: alex.user.id }, json: { betIds: [crypto.randomUUID()] } })).status).toBe(401);
  expect((await anonymous.api.settlements[':id'].confirm.$post({ param: { id: crypto.randomUUID() } })).status).toBe(401);
  const stranger = await insertUser(t);
  expect((await me.agent.api.balances[':friendId'].$get({ param: { friendId: stranger.id } })).status).toBe(404);
  expect((await me.agent.api.balances[':friendId'].$get({ param: { friendId: 'u_nobody' } })).status).toBe(404);
  expect((await me.agent.api.balances[':friendId'].settle.$post({ param: { friendId: stranger.id }, json: { betIds: [crypto.randomUUID()] } })).status).toBe(404);
  expect((await me.agent.api.settlements[':id'].confirm.$post({ param: { id: crypto.randomUUID() } })).status).toBe(404);
  // A friend with nothing open: settled.
  expect(await detail(me, alex)).toMatchObject({ net: 0, bets: [], pendingSettlement: null });
});

test('20 concurrent settle-ups and single Mark Paid on the same bets: exactly one outcome', async () => {
  const [me, alex] = await friends();
  const owed = await Promise.all([lost(me, alex, 10), lost(me, alex, 15), lost(me, alex, 20)]);
  const ids = owed.map((b) => b.id);
  const calls = [
    ...Array.from({ length: 20 }, () => settle(me, alex, ids)),
    ...owed.map((b) => me.agent.api.bets[':id']['payment-sent'].$post({ param: { id: b.id } })),
  ];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
  const settled = statuses.slice(0, 20).filter((s) => s === 201).length;
  const single = statuses.slice(20).filter((s) => s === 200).length;
  const made = await t.db.select().from(settlements).where(eq(settlements.payerId, me.user.id));
  const rows = await t.db.select().from(bets).where(inArray(bets.id, ids));
  expect(rows.every((r) => r.paymentSent)).toBe(true);
  if (settled === 1) {
    expect(single).toBe(0);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 45, betCount: 3 });
    expect(rows.every((r) => r.settlementId === made[0]?.id)).toBe(true);
  } else {
    expect(settled).toBe(0);
    // Every settle-up was refused because a single Mark Paid came first; then all three single ones went through.
    expect(made).toEqual([]);
    expect(single).toBe(3);
  }
  const paymentNotes = await t.db.select().from(notifications).where(eq(notifications.userId, alex.user.id));
  expect(paymentNotes).toHaveLength(settled === 1 ? 1 : 3);
});
