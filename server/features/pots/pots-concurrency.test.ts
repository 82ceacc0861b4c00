import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CreatePotFields, PotView } from '#domain/pots.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { potEntries, potPayments, pots } from '#server/db/schema/pots.ts';
import type { Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Races on one pot: every request either takes effect or is refused (409), and what is stored adds up.
 */

type Person = { agent: Agent; id: string };

let t: TestApp;
let creator: Person;
let friends: Person[];

beforeAll(async () => {
  t = await createTestApp();
  const c = await signedInUser(t);
  creator = { agent: c.agent, id: c.user.id };
  friends = await Promise.all(
    Array.from({ length: 49 }, async () => {
      const f = await signedInUser(t);
      return { agent: f.agent, id: f.user.id };
    }),
  );
  for (const friend of friends) await makeFriends(t, creator.id, friend.id);
}, 120_000);
afterAll(() => closeTestApp(t));

async function create(overrides: Partial<CreatePotFields> = {}): Promise<PotView> {
  const res = await creator.agent.api.pots.$post({
    json: {
      question: 'Who gets engaged first?',
      kind: 'choices',
      options: ['Sam', 'Alex'],
      line: null,
      stake: 5,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: friends.map((f) => f.id),
      entry: { optionIndex: 0 },
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.json();
}
const optionId = (pot: PotView, position: number) =>
  pot.options.find((o) => o.position === position)?.id ?? '';
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test('49 joins racing the close: every entry counted or refused, the totals match the entries', async () => {
  const pot = await create();
  const joins = friends.map((f, i) =>
    f.agent.api.pots[':id'].entry.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, i % 2) } }),
  );
  const close = creator.agent.api.pots[':id'].close.$post({ param: { id: pot.id } });
  const [closed, ...joined] = await Promise.all([close, ...joins]);
  expect(closed.status).toBe(200);
  const statuses = joined.map((res) => res.status);
  expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  const entries = await t.db.select().from(potEntries).where(eq(potEntries.potId, pot.id));
  // The creator's entry plus every accepted join, and nothing after the close.
  expect(entries).toHaveLength(1 + count(statuses, 200));
  const page = await (await creator.agent.api.pots[':id'].$get({ param: { id: pot.id } })).json();
  expect(page.entrants).toHaveLength(entries.length);
  const late = await friends[0]?.agent.api.pots[':id'].entry.$post({
    param: { id: pot.id },
    json: { optionId: optionId(pot, 0) },
  });
  expect(late?.status).toBe(409);
  const [row] = await t.db.select().from(pots).where(eq(pots.id, pot.id));
  expect(['awaiting', 'decided']).toContain(row?.status);
}, 60_000);

async function potWithEntrants(): Promise<PotView> {
  const pot = await create({ inviteeIds: friends.slice(0, 3).map((f) => f.id) });
  for (const [i, f] of friends.slice(0, 3).entries()) {
    await f.agent.api.pots[':id'].entry.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, i === 0 ? 0 : 1) },
    });
  }
  return pot;
}

test('two decisions at once: one result, one payment plan', async () => {
  const pot = await potWithEntrants();
  const results = await Promise.all([
    creator.agent.api.pots[':id'].result.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 0) },
    }),
    creator.agent.api.pots[':id'].result.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 1) },
    }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  const payments = await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id));
  // Two entrants on each outcome at $5: whichever won, the two losers pay $5 each, once.
  expect(payments.map((p) => p.amount)).toEqual([5, 5]);
});

test('a declaration racing a cancel: exactly one wins', async () => {
  const pot = await potWithEntrants();
  const [declared, cancelled] = await Promise.all([
    creator.agent.api.pots[':id'].result.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 0) },
    }),
    creator.agent.api.pots[':id'].cancel.$post({ param: { id: pot.id } }),
  ]);
  expect([declared.status, cancelled.status].sort()).toEqual([200, 409]);
  const [row] = await t.db.select().from(pots).where(eq(pots.id, pot.id));
  const payments = await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id));
  if (declared.status === 200) {
    expect(row?.status).toBe('decided');
    expect(payments.length).toBeGreaterThan(0);
  } else {
    expect(row?.status).toBe('cancelled');
    expect(payments).toEqual([]);
  }
});

test('Mark Paid twice: marked once, one notification', async () => {
  const pot = await potWithEntrants();
  const decided = await (
    await creator.agent.api.pots[':id'].result.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 1) },
    })
  ).json();
  const payment = decided.payments[0];
  if (!payment) throw new Error('no payment');
  const payer = payment.payer.id === creator.id ? creator : friends.find((f) => f.id === payment.payer.id);
  if (!payer) throw new Error('no payer');
  const statuses = (
    await Promise.all(
      Array.from({ length: 10 }, () =>
        payer.agent.api.pots[':id'].payments[':paymentId'].sent.$post({
          param: { id: pot.id, paymentId: payment.id },
        }),
      ),
    )
  ).map((r) => r.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(9);
  const lines = await t.db.select().from(notifications).where(eq(notifications.userId, payment.payee.id));
  expect(lines.filter((l) => l.type === 'pot_payment_marked' && l.data.potId === pot.id)).toHaveLength(1);
});

test('two votes completing a majority at once: decided once, one payment plan', async () => {
  const pot = await create({ decider: 'vote', inviteeIds: friends.slice(0, 3).map((f) => f.id) });
  for (const f of friends.slice(0, 3)) {
    await f.agent.api.pots[':id'].entry.$post({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 1) },
    });
  }
  // 4 entrants: the creator's vote is the second; the third and fourth arrive together.
  await creator.agent.api.pots[':id'].vote.$post({
    param: { id: pot.id },
    json: { optionId: optionId(pot, 1) },
  });
  await friends[0]?.agent.api.pots[':id'].vote.$post({
    param: { id: pot.id },
    json: { optionId: optionId(pot, 1) },
  });
  const statuses = (
    await Promise.all(
      friends
        .slice(1, 3)
        .map((f) =>
          f.agent.api.pots[':id'].vote.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, 1) } }),
        ),
    )
  ).map((r) => r.status);
  expect(statuses.sort()).toEqual([200, 409]);
  const [row] = await t.db.select().from(pots).where(eq(pots.id, pot.id));
  expect(row?.status).toBe('decided');
  // Three on Alex share $20 (7, 7, 6): the creator pays each their net, once.
  const payments = await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id));
  expect(payments.map((p) => [p.payerId, p.amount])).toEqual([
    [creator.id, 2],
    [creator.id, 2],
    [creator.id, 1],
  ]);
});
