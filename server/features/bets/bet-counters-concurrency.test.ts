import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { betCounters } from '#server/db/schema/bet-counters.ts';
import { bets } from '#server/db/schema/bets.ts';
import type { Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { friendPair } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * A counter racing an accept or a decline of the same terms (ADR 062): exactly one takes effect, every
 * other request is refused (409, or 404 once a decline deleted the bet), and the row matches the winner.
 */

let t: TestApp;
let creator: { agent: Agent; id: string };
let opponent: { agent: Agent; id: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ creator, opponent } = await friendPair(t));
});
afterAll(() => closeTestApp(t));

const N = 20;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const counterOf = (agent: Agent, id: string, seenCounters: number) =>
  agent.api.bets[':id'].counter.$post({
    param: { id },
    json: { creatorStake: 25, opponentStake: 10, seenCounters },
  });

test('the opponent: counter vs accept of the same offer, one wins', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, amount: 20 });
  const calls = Array.from({ length: N }, (_, i) =>
    i % 2 === 0
      ? opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: { seenCounters: 0 } })
      : counterOf(opponent.agent, bet.id, 0),
  );
  const statuses = (await Promise.all(calls)).map((res) => res.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const counters = await t.db.select().from(betCounters).where(eq(betCounters.betId, bet.id));
  if (row?.status === 'active') {
    expect(row).toMatchObject({ creatorStake: 20, opponentStake: 20, counterCount: 0 });
    expect(counters).toHaveLength(0);
  } else {
    expect(row).toMatchObject({ status: 'pending', creatorStake: 25, opponentStake: 10, counterCount: 1 });
    expect(counters).toHaveLength(1);
  }
});

test('the creator: accepting a counter vs countering it back, one wins', async () => {
  const bet = await insertBet(t, {
    createdBy: creator.id,
    opponentId: opponent.id,
    amount: 20,
    opponentStake: 5,
    counterCount: 1,
  });
  const calls = Array.from({ length: N }, (_, i) =>
    i % 2 === 0
      ? creator.agent.api.bets[':id']['accept-counter'].$post({
          param: { id: bet.id },
          json: { seenCounters: 1 },
        })
      : counterOf(creator.agent, bet.id, 1),
  );
  const statuses = (await Promise.all(calls)).map((res) => res.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(N - 1);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  if (row?.status === 'active')
    expect(row).toMatchObject({ creatorStake: 20, opponentStake: 5, counterCount: 1 });
  else expect(row).toMatchObject({ status: 'pending', creatorStake: 25, opponentStake: 10, counterCount: 2 });
});

test('counter vs decline: one wins', async () => {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, amount: 20 });
  const calls = Array.from({ length: N }, (_, i) =>
    i % 2 === 0
      ? opponent.agent.api.bets[':id'].decline.$post({ param: { id: bet.id } })
      : counterOf(opponent.agent, bet.id, 0),
  );
  const statuses = (await Promise.all(calls)).map((res) => res.status);
  expect(count(statuses, 200)).toBe(1);
  expect(statuses.every((s) => [200, 404, 409].includes(s))).toBe(true);
  const rows = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const counters = await t.db.select().from(betCounters).where(eq(betCounters.betId, bet.id));
  // Declined: gone with no counter; countered: pending on the creator with exactly one.
  if (rows.length === 0) expect(counters).toHaveLength(0);
  else {
    expect(rows[0]).toMatchObject({ status: 'pending', counterCount: 1 });
    expect(counters).toHaveLength(1);
  }
});
