import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { groupDebtMessages, netsOf } from '#domain/group-debts.ts';
import { activitySentence } from '#domain/notifications.ts';
import { groupMembers } from '#server/db/schema/groups.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { potEntries, potPayments, pots } from '#server/db/schema/pots.ts';
import { settlements } from '#server/db/schema/settlements.ts';
import { type Agent, errorOf } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/* 'Simplify Debts' on the group page's Balances tab (issue 27 §3, ADR 064), on both databases. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type Person = { agent: Agent; id: string; name: string };

async function person(name: string): Promise<Person> {
  const { agent, user } = await signedInUser(t, { name });
  return { agent, id: user.id, name };
}

/** A group of Alex (owner), Blake, Casey and Drew. */
async function crew() {
  const people = [
    await person('Alex'),
    await person('Blake'),
    await person('Casey'),
    await person('Drew'),
  ] as const;
  const [owner, ...members] = people;
  for (const member of members) await makeFriends(t, owner.id, member.id);
  const res = await owner.agent.api.groups.$post({
    json: { name: 'Crew', memberIds: members.map((m) => m.id) },
  });
  const { id } = await res.json();
  return { id, people };
}

/** A decided group pot with the given payments (payer, payee, amount). */
async function potWith(groupId: string, creatorId: string, payments: [Person, Person, number][]) {
  const [pot] = await t.db
    .insert(pots)
    .values({
      creatorId,
      question: 'Longest drive',
      kind: 'choices',
      stake: 5,
      decider: 'me',
      status: 'decided',
      outcome: 'won',
      decidedAt: new Date(),
      groupId,
    })
    .returning();
  if (!pot) throw new Error('pot missing');
  const entrants = [...new Set(payments.flatMap(([from, to]) => [from.id, to.id]))];
  await t.db
    .insert(potEntries)
    .values(entrants.map((userId) => ({ potId: pot.id, userId, guess: 1, payout: 0 })));
  const rows = await t.db
    .insert(potPayments)
    .values(
      payments.map(([from, to, amount], position) => ({
        potId: pot.id,
        payerId: from.id,
        payeeId: to.id,
        amount,
        position,
      })),
    )
    .returning();
  return { pot, payments: rows };
}

const balances = async (who: Person, id: string) => {
  const res = await who.agent.api.groups[':id'].balances.$get({ param: { id } });
  expect(res.status).toBe(200);
  return res.json();
};

const mark = (who: Person, id: string, json: { payeeId: string; amount: number; version: string }) =>
  who.agent.api.groups[':id'].simplified.mark.$post({ param: { id }, json });

const confirm = (who: Person, settlementId: string) =>
  who.agent.api.settlements[':id'].confirm.$post({ param: { id: settlementId } });

test('A owes B $5 and B owes C $5 becomes A pays C $5; nets per member; only the payer sees where to pay', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey, drew] = people;
  await potWith(id, alex.id, [[alex, blake, 5]]);
  await potWith(id, alex.id, [[blake, casey, 5]]);
  const seen = await balances(drew, id);
  expect(seen.roundId).toBeNull();
  expect(seen.version).toMatch(/^[0-9a-f]{32}$/);
  expect(seen.nets.map((n) => [n.user.name, n.net])).toEqual([
    ['Casey', 5],
    ['Blake', 0],
    ['Drew', 0],
    ['Alex', -5],
  ]);
  expect(seen.debts.map((d) => [d.from.name, d.to.name, d.amount])).toEqual([
    ['Alex', 'Blake', 5],
    ['Blake', 'Casey', 5],
  ]);
  expect(seen.payments.map((p) => [p.from.name, p.to.name, p.amount, p.payTo, p.settlement])).toEqual([
    ['Alex', 'Casey', 5, null, null],
  ]);
  const payer = await balances(alex, id);
  expect(typeof payer.payments[0]?.payTo?.venmoHandle).toBe('string');
});

test('non-members get 404 for the tab and for Mark Paid, as for an unknown group', async () => {
  const { id, people } = await crew();
  const [alex, blake] = people;
  await potWith(id, alex.id, [[alex, blake, 5]]);
  const { version } = await balances(alex, id);
  const outsider = await person('Olly');
  for (const groupId of [id, crypto.randomUUID()]) {
    expect((await outsider.agent.api.groups[':id'].balances.$get({ param: { id: groupId } })).status).toBe(
      404,
    );
    expect((await mark(outsider, groupId, { payeeId: blake.id, amount: 5, version })).status).toBe(404);
  }
});

test('Mark Paid is refused with 409 once any covered pot payment changed; then it goes through on the new version', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey] = people;
  await potWith(id, alex.id, [[alex, blake, 5]]);
  const { pot, payments } = await potWith(id, alex.id, [
    [blake, casey, 5],
    [alex, casey, 2],
  ]);
  const before = await balances(alex, id);
  // Alex pays the $2 singly on the pot page meanwhile.
  const single = await alex.agent.api.pots[':id'].payments[':paymentId'].sent.$post({
    param: { id: pot.id, paymentId: payments[1]?.id ?? '' },
  });
  expect(single.status).toBe(200);
  const stale = await mark(alex, id, { payeeId: casey.id, amount: 7, version: before.version });
  expect(stale.status).toBe(409);
  expect((await errorOf(stale)).error.message).toBe(groupDebtMessages.changed);
  expect(await t.db.select().from(settlements).where(eq(settlements.payerId, alex.id))).toEqual([]);
  const after = await balances(alex, id);
  expect(after.payments.map((p) => [p.from.id, p.to.id, p.amount])).toEqual([[alex.id, casey.id, 5]]);
  // A payment not in the plan is not the viewer's to mark; the wrong amount is stale.
  expect((await mark(blake, id, { payeeId: casey.id, amount: 5, version: after.version })).status).toBe(403);
  expect((await mark(alex, id, { payeeId: casey.id, amount: 4, version: after.version })).status).toBe(409);
  expect((await mark(alex, id, { payeeId: casey.id, amount: 5, version: after.version })).status).toBe(201);
  expect((await mark(alex, id, { payeeId: casey.id, amount: 5, version: after.version })).status).toBe(409);
});

test('Mark Paid then Confirm Payment Received: one settlement per payment; the last confirm completes every covered pot payment', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey, drew] = people;
  await potWith(id, alex.id, [
    [alex, blake, 10],
    [drew, blake, 3],
  ]);
  await potWith(id, alex.id, [
    [blake, casey, 4],
    [casey, drew, 1],
  ]);
  const seen = await balances(alex, id);
  // Nets: Alex −10, Blake +9, Casey +3, Drew −2.
  expect(seen.payments.map((p) => [p.from.name, p.to.name, p.amount])).toEqual([
    ['Alex', 'Blake', 9],
    ['Drew', 'Casey', 2],
    ['Alex', 'Casey', 1],
  ]);
  const made: string[] = [];
  for (const payment of seen.payments) {
    const payer = people.find((p) => p.id === payment.from.id) ?? alex;
    const res = await mark(payer, id, {
      payeeId: payment.to.id,
      amount: payment.amount,
      version: seen.version,
    });
    expect(res.status).toBe(201);
    made.push((await res.json()).id);
  }
  const covered = await t.db
    .select()
    .from(potPayments)
    .where(eq(potPayments.groupRoundId, (await balances(alex, id)).roundId ?? ''));
  expect(covered).toHaveLength(4);
  expect(covered.every((row) => row.sentAt !== null && row.confirmedAt === null)).toBe(true);
  // Covered payments cannot be confirmed singly on the pot page.
  const one = covered.find((row) => row.payeeId === blake.id);
  const singly = await blake.agent.api.pots[':id'].payments[':paymentId'].confirmed.$post({
    param: { id: one?.potId ?? '', paymentId: one?.id ?? '' },
  });
  expect(singly.status).toBe(409);
  // Only the payee confirms.
  expect((await confirm(alex, made[0] ?? '')).status).toBe(403);
  expect((await confirm(blake, made[0] ?? '')).status).toBe(200);
  expect((await confirm(casey, made[1] ?? '')).status).toBe(200);
  const middle = await balances(drew, id);
  expect(middle.payments.map((p) => p.settlement?.confirmed)).toEqual([true, true, false]);
  expect(
    (
      await t.db
        .select()
        .from(potPayments)
        .where(eq(potPayments.groupRoundId, middle.roundId ?? ''))
    ).every((r) => r.confirmedAt === null),
  ).toBe(true);
  expect((await confirm(casey, made[2] ?? '')).status).toBe(200);
  const done = await t.db
    .select()
    .from(potPayments)
    .where(eq(potPayments.groupRoundId, middle.roundId ?? ''));
  expect(done.every((row) => row.confirmedAt !== null)).toBe(true);
  const after = await balances(alex, id);
  expect(after).toMatchObject({ roundId: null, payments: [], debts: [] });
  expect(after.nets.every((n) => n.net === 0)).toBe(true);
});

test('while a round is being paid, a newly decided pot waits for the next round', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey] = people;
  await potWith(id, alex.id, [
    [alex, blake, 5],
    [casey, blake, 5],
  ]);
  const seen = await balances(alex, id);
  expect((await mark(alex, id, { payeeId: blake.id, amount: 5, version: seen.version })).status).toBe(201);
  await potWith(id, alex.id, [[blake, alex, 8]]);
  const during = await balances(casey, id);
  expect(during.version).toBe(seen.version);
  expect(during.payments.map((p) => [p.from.name, p.amount, p.settlement === null])).toEqual([
    ['Alex', 5, false],
    ['Casey', 5, true],
  ]);
  expect((await mark(casey, id, { payeeId: blake.id, amount: 5, version: during.version })).status).toBe(201);
});

test('Mark Paid of a simplified payment racing a single pot payment’s Mark Paid: exactly one wins', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey] = people;
  await potWith(id, alex.id, [[alex, blake, 5]]);
  const { pot, payments } = await potWith(id, alex.id, [[blake, casey, 5]]);
  const seen = await balances(alex, id);
  const single = () =>
    blake.agent.api.pots[':id'].payments[':paymentId'].sent.$post({
      param: { id: pot.id, paymentId: payments[0]?.id ?? '' },
    });
  const calls = [
    ...Array.from({ length: 6 }, () =>
      mark(alex, id, { payeeId: casey.id, amount: 5, version: seen.version }),
    ),
    single(),
  ];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
  const marked = statuses.slice(0, 6).filter((s) => s === 201).length;
  const singly = statuses[6] === 200 ? 1 : 0;
  expect(marked + singly).toBe(1);
  const [row] = await t.db
    .select()
    .from(potPayments)
    .where(eq(potPayments.id, payments[0]?.id ?? ''));
  const made = await t.db.select().from(settlements).where(eq(settlements.payerId, alex.id));
  expect(made).toHaveLength(marked);
  expect(row?.groupRoundId ?? null).toBe(marked === 1 ? made[0]?.groupRoundId : null);
});

test('property: over random group pots, the tab’s simplified payments move exactly each member’s net, at most members − 1', async () => {
  const { id, people } = await crew();
  const [alex] = people;
  const debt = fc
    .record({ from: fc.nat({ max: 3 }), to: fc.nat({ max: 3 }), amount: fc.integer({ min: 1, max: 40 }) })
    .filter((d) => d.from !== d.to);
  await fc.assert(
    fc.asyncProperty(fc.array(debt, { minLength: 1, maxLength: 6 }), async (debts) => {
      await t.db.delete(pots).where(eq(pots.groupId, id));
      await potWith(
        id,
        alex.id,
        debts.map((d) => [people[d.from] ?? alex, people[d.to] ?? alex, d.amount]),
      );
      const seen = await balances(alex, id);
      const asDebts = (list: { from: { id: string }; to: { id: string }; amount: number }[]) =>
        list.map((p) => ({ payerId: p.from.id, payeeId: p.to.id, amount: p.amount }));
      const nets = netsOf(
        debts.map((d) => ({
          payerId: people[d.from]?.id ?? '',
          payeeId: people[d.to]?.id ?? '',
          amount: d.amount,
        })),
      );
      expect(netsOf(asDebts(seen.payments))).toEqual(nets);
      expect(new Map(seen.nets.filter((n) => n.net !== 0).map((n) => [n.user.id, n.net]))).toEqual(nets);
      expect(seen.payments.length).toBeLessThanOrEqual(people.length - 1);
    }),
    { numRuns: 15 },
  );
});

test('the member list stays the group’s: a member with nothing open shows at $0', async () => {
  const { id, people } = await crew();
  const seen = await balances(people[0], id);
  expect(seen.nets.map((n) => n.net)).toEqual([0, 0, 0, 0]);
  expect(seen.payments).toEqual([]);
  await t.db.delete(groupMembers).where(eq(groupMembers.userId, people[3].id));
  expect((await balances(people[0], id)).nets).toHaveLength(3);
});

test('the last two confirms at once: both succeed and the round completes exactly once', async () => {
  const { id, people } = await crew();
  const [alex, blake, casey, drew] = people;
  await potWith(id, alex.id, [
    [alex, blake, 6],
    [drew, casey, 4],
  ]);
  const seen = await balances(alex, id);
  expect(seen.payments.map((p) => [p.from.name, p.to.name, p.amount])).toEqual([
    ['Alex', 'Blake', 6],
    ['Drew', 'Casey', 4],
  ]);
  const made = [
    await (await mark(alex, id, { payeeId: blake.id, amount: 6, version: seen.version })).json(),
    await (await mark(drew, id, { payeeId: casey.id, amount: 4, version: seen.version })).json(),
  ];
  const statuses = await Promise.all([confirm(blake, made[0]?.id ?? ''), confirm(casey, made[1]?.id ?? '')]);
  expect(statuses.map((r) => r.status)).toEqual([200, 200]);
  const covered = await t.db.select().from(potPayments).where(eq(potPayments.payerId, alex.id));
  expect(covered.every((row) => row.confirmedAt !== null)).toBe(true);
  expect(await balances(alex, id)).toMatchObject({ roundId: null, payments: [] });
});

/** The simplified-payment lines one person has, oldest first, as their inbox reads them. */
async function settleLinesOf(who: Person, actor: Person) {
  const rows = await t.db
    .select({ type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, who.id),
        inArray(notifications.type, ['group_payment_marked', 'group_settle_started']),
      ),
    )
    .orderBy(notifications.createdAt);
  return rows.map((row) =>
    activitySentence(
      { type: row.type, actor: { id: actor.id, name: actor.name, image: null }, data: row.data },
      who.id,
    ),
  );
}

test("a simplified payment waiting on me is a 'Groups' line: my part when the round opens, my confirmation when it is marked", async () => {
  const { id, people } = await crew();
  const [alex, blake, casey, drew] = people;
  // Alex owes Casey 5 and Drew owes Blake 3: two payments, two payers.
  await potWith(id, alex.id, [[alex, casey, 5]]);
  await potWith(id, alex.id, [[drew, blake, 3]]);
  const { version } = await balances(alex, id);
  expect((await mark(alex, id, { payeeId: casey.id, amount: 5, version })).status).toBe(201);

  expect(await settleLinesOf(casey, alex)).toEqual(['Alex marked $5 as paid in Crew']);
  expect(await settleLinesOf(drew, alex)).toEqual(['Alex is settling up Crew: you pay $3']);
  expect(await settleLinesOf(blake, alex)).toEqual([]);
  expect(await settleLinesOf(alex, alex)).toEqual([]);

  // The round is open: Drew's mark tells Blake, and nobody is told of the round again.
  expect((await mark(drew, id, { payeeId: blake.id, amount: 3, version })).status).toBe(201);
  expect(await settleLinesOf(blake, drew)).toEqual(['Drew marked $3 as paid in Crew']);
  expect(await settleLinesOf(casey, alex)).toEqual(['Alex marked $5 as paid in Crew']);
  expect(await settleLinesOf(drew, alex)).toEqual(['Alex is settling up Crew: you pay $3']);
});
