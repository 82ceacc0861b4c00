import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import type { Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { friendPair } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * 50 conflicting requests at once: exactly one takes effect, the rest are
 * refused (409, or 404 once the bet is gone), and the row stays valid.
 */

let t: TestApp;
let creator: { agent: Agent; id: string };
let opponent: { agent: Agent; id: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ creator, opponent } = await friendPair(t));
});
afterAll(() => closeTestApp(t));

const N = 50;
const statusesOf = async (calls: Promise<{ status: number }>[]) => (await Promise.all(calls)).map((res) => res.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

test('accept vs decline: one wins', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id });
  const statuses = await statusesOf(
    Array.from({ length: N }, (_, i) =>
      i % 2 === 0 ? opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} }) : opponent.agent.api.bets[':id'].decline.$post({ param: { id: bet.id } }),
    ),
  );
  expect(count(statuses, 200)).toBe(1);
  expect(statuses.every((s) => [200, 404, 409].includes(s))).toBe(true);
  const rows = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const notes = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  if (rows.length === 1) {
    expect(rows[0]?.status).toBe('active');
    expect(notes).toHaveLength(1);
  } else {
    expect(notes).toHaveLength(0);
  }
});

test('both parties resolving at once: one result, one notification', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active' });
  const statuses = await statusesOf(
    Array.from({ length: N }, (_, i) => (i % 2 === 0 ? creator : opponent).agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } })),
  );
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(row?.status).toBe('completed');
  expect([creator.id, opponent.id]).toContain(row?.winnerId);
  expect(await t.db.select().from(notifications).where(eq(notifications.betId, bet.id))).toHaveLength(1);
});

test('double confirm void: deleted once', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active', voidRequestedBy: creator.id });
  const results = await Promise.all(Array.from({ length: N }, () => opponent.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })));
  const bodies = await Promise.all(results.filter((r) => r.status === 200).map((r) => r.json()));
  expect(bodies).toEqual([{ message: 'Both of you agreed, so the bet was permanently deleted.', deleted: true }]);
  expect(results.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
  expect(await t.db.select().from(bets).where(eq(bets.id, bet.id))).toEqual([]);
});

test('double mark paid: marked once, one notification', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, winnerId: opponent.id });
  const statuses = await statusesOf(Array.from({ length: N }, () => creator.agent.api.bets[':id']['payment-sent'].$post({ param: { id: bet.id } })));
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const notes = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  expect(notes.map((n) => n.type)).toEqual(['payment_marked']);
});

/** An active bet the creator claims with 'I Won'. */
async function claimedBet() {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active' });
  expect((await creator.agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } })).status).toBe(200);
  return bet;
}
const typesOf = async (betId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.betId, betId))).map((n) => n.type).filter((type) => type !== 'bet_completed');

test('dispute vs Mark Paid: exactly one takes effect', async () => {
  const bet = await claimedBet();
  const statuses = await statusesOf(
    Array.from({ length: N }, (_, i) =>
      i % 2 === 0 ? opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} }) : opponent.agent.api.bets[':id']['payment-sent'].$post({ param: { id: bet.id } }),
    ),
  );
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const types = await typesOf(bet.id);
  if (row?.status === 'active') {
    expect(row).toMatchObject({ winnerId: null, paymentSent: false, resolution: null });
    expect(row.disputedAt).not.toBeNull();
    expect(types).toEqual(['bet_disputed']);
  } else {
    expect(row).toMatchObject({ status: 'completed', paymentSent: true, disputedAt: null });
    expect(types).toEqual(['payment_marked']);
  }
});

test("dispute vs a second 'I Won' from either party: the dispute stands alone", async () => {
  const bet = await claimedBet();
  const statuses = await statusesOf(
    Array.from({ length: N }, (_, i) =>
      i % 2 === 0
        ? opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })
        : (i % 4 === 1 ? creator : opponent).agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } }),
    ),
  );
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(row).toMatchObject({ status: 'active', winnerId: null, resolvedBy: null });
  expect(await typesOf(bet.id)).toEqual(['bet_disputed']);
});
