import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { netOf } from '#domain/balances.ts';
import { potMessages } from '#domain/pot-rules.ts';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { potPayments } from '#server/db/schema/pots.ts';
import { settlements } from '#server/db/schema/settlements.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { insertDecidedPot } from '#server/testing/pots.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type User = Awaited<ReturnType<typeof signedInUser>>;
const user = () => signedInUser(t);
async function friends(): Promise<[User, User]> {
  const a = await user();
  const b = await user();
  await makeFriends(t, a.user.id, b.user.id);
  return [a, b];
}
/** A completed bet `loser` lost to `winner`. */
const lost = (loser: User, winner: User, amount: number) =>
  insertBet(t, { createdBy: loser.user.id, opponentId: winner.user.id, winnerId: winner.user.id, amount });
/** A decided two-person pot `loser` lost to `winner`: one payment of the stake. */
async function lostPot(loser: User, winner: User, stake: number, status: 'decided' | 'disputed' = 'decided') {
  const { pot, payments } = await insertDecidedPot(t, {
    stake,
    status,
    entrants: [
      { userId: winner.user.id, won: true },
      { userId: loser.user.id, won: false },
    ],
  });
  const [payment] = payments;
  if (!payment) throw new Error('no payment');
  return { pot, payment };
}

const balances = async (u: User) => (await u.agent.api.balances.$get()).json();
const detail = (u: User, other: User) => u.agent.api.balances[':friendId'].$get({ param: { friendId: other.user.id } });
const shownDebts = async (u: User, other: User) => {
  const body = await (await detail(u, other)).json();
  return { betIds: body.bets.map((b) => b.id), potPaymentIds: body.potPayments.map((p) => p.id) };
};
const settle = (u: User, other: User, shown: { betIds: string[]; potPaymentIds?: string[] }) =>
  u.agent.api.balances[':friendId'].settle.$post({ param: { friendId: other.user.id }, json: shown });
const confirmSettlement = (u: User, id: string) => u.agent.api.settlements[':id'].confirm.$post({ param: { id } });
const markPaid = (u: User, potId: string, paymentId: string) =>
  u.agent.api.pots[':id'].payments[':paymentId'].sent.$post({ param: { id: potId, paymentId } });
const confirmPaid = (u: User, potId: string, paymentId: string) =>
  u.agent.api.pots[':id'].payments[':paymentId'].confirmed.$post({ param: { id: potId, paymentId } });
const potPage = async (u: User, id: string) => (await u.agent.api.pots[':id'].$get({ param: { id } })).json();

test('unpaid pot payments net with bets per person; a pot entrant who is not a friend gets a line and a detail', async () => {
  const [me, alex] = await friends();
  const sam = await user(); // not a friend: shares a pot only
  await lost(me, alex, 15);
  await lostPot(alex, me, 10); // Alex owes me $10 in a pot
  await lostPot(sam, me, 20);
  await lostPot(me, alex, 99, 'disputed'); // on hold: not in the balance
  const { payment: paidSingly, pot: paidPot } = await lostPot(me, alex, 7);
  expect((await markPaid(me, paidPot.id, paidSingly.id)).status).toBe(200); // paid on the pot page: no longer counts

  expect((await balances(me)).items.map((b) => [b.friend.id, b.net, b.betCount])).toEqual([
    [sam.user.id, 20, 1],
    [alex.user.id, -5, 2],
  ]);
  expect((await balances(sam)).items.map((b) => [b.friend.id, b.net])).toEqual([[me.user.id, -20]]);
  expect((await balances(alex)).items.map((b) => [b.friend.id, b.net])).toEqual([[me.user.id, 5]]);

  const withAlex = await (await detail(me, alex)).json();
  expect(withAlex).toMatchObject({ net: -5, betCount: 2 });
  expect(withAlex.bets.map((b) => [b.amount, b.direction])).toEqual([[15, 'i_owe']]);
  expect(withAlex.potPayments.map((p) => [p.amount, p.direction])).toEqual([[10, 'owed_to_me']]);
  expect(withAlex.potPayments[0]?.question).toMatch(/^Pot number \d+\?$/);

  // Sam is no friend: the balance still opens, with Sam's apps since Sam's side owes... to me, so none shown.
  const withSam = await detail(me, sam);
  expect(withSam.status).toBe(200);
  expect(await withSam.json()).toMatchObject({ net: 20, bets: [], payTo: null, reminder: null });
  const samView = await (await detail(sam, me)).json();
  expect(samView).toMatchObject({ net: -20, payTo: { venmoHandle: me.user.venmoHandle } });
  expect(samView.potPayments.map((p) => [p.amount, p.direction])).toEqual([[20, 'i_owe']]);
}, 90_000); // the file's first requests load the app on a busy machine

test('Settle Up covers bets and pot payments in one settlement; confirming it completes every pot payment', async () => {
  const [me, alex] = await friends();
  const bet = await lost(me, alex, 20);
  const owed = await lostPot(alex, me, 5);
  const owing = await lostPot(me, alex, 10);
  const shown = await shownDebts(me, alex);
  expect(shown.potPaymentIds.toSorted()).toEqual([owed.payment.id, owing.payment.id].toSorted());

  const res = await settle(me, alex, shown);
  expect(res.status).toBe(201);
  const settlement = await res.json();
  expect(settlement).toMatchObject({ payerId: me.user.id, payeeId: alex.user.id, amount: 25, betCount: 3 });
  const rows = await t.db.select().from(potPayments).where(inArray(potPayments.id, shown.potPaymentIds));
  expect(rows.every((r) => r.settlementId === settlement.id && r.sentAt !== null && r.confirmedAt === null)).toBe(true);
  const [betRow] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(betRow).toMatchObject({ settlementId: settlement.id, paymentSent: true });
  expect((await balances(me)).items).toEqual([]);
  expect((await balances(alex)).items).toMatchObject([{ net: 0, pendingSettlement: { id: settlement.id, amount: 25, betCount: 3 } }]);
  const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, alex.user.id));
  expect(note).toMatchObject({ type: 'settlement_marked', data: { amount: 25, betCount: 3 } });

  // On the pot page the payment is paid, in a settlement: neither side acts on it singly.
  const page = await potPage(alex, owing.pot.id);
  expect(page.payments).toMatchObject([{ sent: true, confirmed: false, settled: true }]);
  expect((await markPaid(me, owing.pot.id, owing.payment.id)).status).toBe(409);
  const single = await confirmPaid(alex, owing.pot.id, owing.payment.id);
  expect(single.status).toBe(409);
  expect((await errorOf(single)).error.message).toBe(potMessages.paidInSettlement);

  expect((await confirmSettlement(alex, settlement.id)).status).toBe(200);
  const confirmed = await t.db.select().from(potPayments).where(eq(potPayments.settlementId, settlement.id));
  expect(confirmed.map((r) => r.confirmedAt !== null)).toEqual([true, true]);
  expect((await potPage(me, owing.pot.id)).payments).toMatchObject([{ confirmed: true }]);
  expect((await potPage(me, owed.pot.id)).payments).toMatchObject([{ confirmed: true }]);
  expect((await balances(alex)).items).toEqual([]);
});

test('a pot-only balance with someone who is not a friend settles too; only the debtor may', async () => {
  const me = await user();
  const sam = await user();
  const { payment } = await lostPot(me, sam, 12);
  expect((await settle(sam, me, { betIds: [], potPaymentIds: [payment.id] })).status).toBe(403);
  const res = await settle(me, sam, { betIds: [], potPaymentIds: [payment.id] });
  expect(res.status).toBe(201);
  const settlement = await res.json();
  expect(settlement).toMatchObject({ amount: 12, betCount: 1 });
  // Sam sees the payment to confirm although they are not friends.
  expect((await (await detail(sam, me)).json()).pendingSettlement).toMatchObject({ id: settlement.id, amount: 12 });
  expect((await confirmSettlement(sam, settlement.id)).status).toBe(200);
  // Nothing open any more, and no friendship: not found, as for any stranger.
  expect((await detail(me, sam)).status).toBe(404);
});

test('a balance whose pot payments changed since it was shown is refused with the stale message and nothing changes', async () => {
  const [me, alex] = await friends();
  const bet = await lost(me, alex, 20);
  const first = await lostPot(me, alex, 10);
  const shown = await shownDebts(me, alex);
  const stale = `Your balance with ${alex.user.name} changed. Please review it again.`;

  // Leaving out the pot payments is a different set.
  const withoutPots = await settle(me, alex, { betIds: shown.betIds });
  expect(withoutPots.status).toBe(409);
  expect((await errorOf(withoutPots)).error.message).toBe(stale);
  // A pot decided meanwhile.
  await lostPot(me, alex, 3);
  const newer = await settle(me, alex, shown);
  expect(newer.status).toBe(409);
  expect((await errorOf(newer)).error.message).toBe(stale);
  // A pot payment marked paid on its page meanwhile.
  const again = await shownDebts(me, alex);
  expect((await markPaid(me, first.pot.id, first.payment.id)).status).toBe(200);
  const paid = await settle(me, alex, again);
  expect(paid.status).toBe(409);
  expect((await errorOf(paid)).error.message).toBe(stale);
  // Duplicated ids too.
  const now = await shownDebts(me, alex);
  expect((await settle(me, alex, { ...now, potPaymentIds: [...now.potPaymentIds, ...now.potPaymentIds] })).status).toBe(409);

  expect(await t.db.select().from(settlements).where(eq(settlements.payerId, me.user.id))).toEqual([]);
  const [betRow] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(betRow).toMatchObject({ paymentSent: false, settlementId: null });
  const unpaid = await t.db.select().from(potPayments).where(inArray(potPayments.id, now.potPaymentIds));
  expect(unpaid.every((r) => r.settlementId === null && r.sentAt === null)).toBe(true);
});

test('validation, sign-in and strangers for pot payments in a settle-up', async () => {
  const [me, alex] = await friends();
  expect((await settle(me, alex, { betIds: [], potPaymentIds: [] })).status).toBe(422);
  expect((await settle(me, alex, { betIds: [], potPaymentIds: ['nope'] })).status).toBe(422);
  expect((await me.agent.post(`/api/balances/${alex.user.id}/settle`, { potPaymentIds: [crypto.randomUUID()] })).status).toBe(422);
  const anonymous = createAgent(t);
  expect(
    (await anonymous.api.balances[':friendId'].settle.$post({ param: { friendId: alex.user.id }, json: { betIds: [], potPaymentIds: [crypto.randomUUID()] } })).status,
  ).toBe(401);
  const stranger = await user();
  expect((await settle(me, stranger, { betIds: [], potPaymentIds: [crypto.randomUUID()] })).status).toBe(404);
  // Someone else's pot payment is not the viewer's to settle: a different set.
  const other = await user();
  const { payment } = await lostPot(alex, other, 5);
  await lost(me, alex, 1);
  const shown = await shownDebts(me, alex);
  expect((await settle(me, alex, { ...shown, potPaymentIds: [payment.id] })).status).toBe(409);
});

test('settle-up racing a pot payment’s single Mark Paid: exactly one wins', async () => {
  const [me, alex] = await friends();
  const bet = await lost(me, alex, 10);
  const { pot, payment } = await lostPot(me, alex, 15);
  const shown = { betIds: [bet.id], potPaymentIds: [payment.id] };
  const calls = [...Array.from({ length: 10 }, () => settle(me, alex, shown)), markPaid(me, pot.id, payment.id)];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
  const settled = statuses.slice(0, 10).filter((s) => s === 201).length;
  const single = statuses[10] === 200 ? 1 : 0;
  expect(settled + single).toBe(1);
  const [row] = await t.db.select().from(potPayments).where(eq(potPayments.id, payment.id));
  const made = await t.db.select().from(settlements).where(eq(settlements.payerId, me.user.id));
  if (settled === 1) {
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 25, betCount: 2 });
    expect(row?.settlementId).toBe(made[0]?.id);
  } else {
    expect(made).toEqual([]);
    expect(row).toMatchObject({ settlementId: null });
    expect(row?.sentAt).not.toBeNull();
  }
});

test('property: with bets and pot payments in any mix, each side’s balance is exactly what they owe each other', async () => {
  const debt = fc.record({
    kind: fc.constantFrom('bet', 'pot'),
    from: fc.nat({ max: 2 }),
    to: fc.nat({ max: 2 }),
    amount: fc.integer({ min: 1, max: 60 }),
    paid: fc.boolean(),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(debt, { minLength: 1, maxLength: 8 }), async (debts) => {
      const [first, second, third] = [await user(), await user(), await user()];
      const people = [first, second, third];
      await makeFriends(t, first.user.id, second.user.id); // the third shares pots only
      const owes = new Map<string, { amount: number; direction: 'owed_to_me' | 'i_owe' }[]>();
      const add = (viewer: User, other: User, amount: number, direction: 'owed_to_me' | 'i_owe') => {
        const key = `${viewer.user.id}:${other.user.id}`;
        owes.set(key, [...(owes.get(key) ?? []), { amount, direction }]);
      };
      for (const d of debts) {
        const payer = people[d.from];
        const payee = people[d.to];
        if (!payer || !payee || payer === payee) continue;
        if (d.kind === 'bet') {
          await insertBet(t, { createdBy: payer.user.id, opponentId: payee.user.id, winnerId: payee.user.id, amount: d.amount, paymentSent: d.paid });
        } else {
          const { pot, payment } = await lostPot(payer, payee, d.amount);
          if (d.paid) await markPaid(payer, pot.id, payment.id);
        }
        if (d.paid) continue;
        add(payer, payee, d.amount, 'i_owe');
        add(payee, payer, d.amount, 'owed_to_me');
      }
      for (const viewer of people) {
        const lines = new Map((await balances(viewer)).items.map((b) => [b.friend.id, b.net]));
        for (const other of people) {
          if (other === viewer) continue;
          const expected = netOf(owes.get(`${viewer.user.id}:${other.user.id}`) ?? []);
          expect(lines.get(other.user.id) ?? 0).toBe(expected);
          expect(lines.get(other.user.id) ?? 0).toBe(0 - netOf(owes.get(`${other.user.id}:${viewer.user.id}`) ?? []));
        }
      }
    }),
    { numRuns: 10 },
  );
}, 180_000);
