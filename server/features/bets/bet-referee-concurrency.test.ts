import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import type { Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/* ADR 061: the referee's transitions racing the parties' on the one bet row. */

type Person = { agent: Agent; id: string };
let t: TestApp;
let creator: Person;
let opponent: Person;
let referee: Person;
beforeAll(async () => {
  t = await createTestApp();
  const people = await Promise.all(Array.from({ length: 3 }, () => signedInUser(t)));
  [creator, opponent, referee] = people.map(({ agent, user }) => ({ agent, id: user.id })) as [Person, Person, Person];
  await makeFriends(t, creator.id, opponent.id);
  await makeFriends(t, creator.id, referee.id);
  await makeFriends(t, opponent.id, referee.id);
});
afterAll(() => closeTestApp(t));

async function refereedBet() {
  const res = await creator.agent.api.bets.$post({ json: { description: 'Race', opponentId: opponent.id, amount: 5, refereeId: referee.id } });
  expect(res.status).toBe(201);
  return res.json();
}
const rowOf = async (id: string) => (await t.db.select().from(bets).where(eq(bets.id, id)))[0];

test('referee accept vs opponent accept, 10 times: both succeed and the bet becomes active exactly once', async () => {
  for (let round = 0; round < 10; round += 1) {
    const bet = await refereedBet();
    const [a, b] = await Promise.all([
      opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} }),
      referee.agent.api.bets[':id'].referee.accept.$post({ param: { id: bet.id } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await rowOf(bet.id);
    expect(row?.status).toBe('active');
    expect(row?.opponentAcceptedAt).toBeInstanceOf(Date);
    expect(row?.refereeAcceptedAt).toBeInstanceOf(Date);
  }
});

test("10 opponent accepts and 10 referee accepts at once: one of each counts", async () => {
  const bet = await refereedBet();
  const statuses = (
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} })
          : referee.agent.api.bets[':id'].referee.accept.$post({ param: { id: bet.id } }),
      ),
    )
  ).map((res) => res.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s === 409)).toHaveLength(18);
  expect((await rowOf(bet.id))?.status).toBe('active');
  const lines = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  // The ask, one accept to the creator, the referee's accept to both parties.
  expect(lines.map((n) => n.type).sort()).toEqual(['bet_accepted', 'bet_placed', 'bet_referee_accepted', 'bet_referee_accepted', 'bet_referee_asked']);
});

test('referee decision vs a confirmed void, 10 times: exactly one outcome', async () => {
  for (let round = 0; round < 10; round += 1) {
    const bet = await refereedBet();
    await opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} });
    await referee.agent.api.bets[':id'].referee.accept.$post({ param: { id: bet.id } });
    expect((await creator.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).status).toBe(200);
    const [decision, confirm] = await Promise.all([
      referee.agent.api.bets[':id'].referee.decide.$post({ param: { id: bet.id }, json: { winnerId: creator.id } }),
      opponent.agent.api.bets[':id'].void.$post({ param: { id: bet.id } }),
    ]);
    const row = await rowOf(bet.id);
    if (decision.status === 200) {
      expect([409, 404]).toContain(confirm.status);
      expect(row).toMatchObject({ status: 'completed', winnerId: creator.id, voidRequestedBy: null });
    } else {
      expect(confirm.status).toBe(200);
      expect(decision.status).toBe(404);
      expect(row).toBeUndefined();
    }
  }
});
