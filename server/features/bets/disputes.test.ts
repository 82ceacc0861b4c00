import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { openSecondPool } from '#server/testing/second-pool.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { runOverduePass } from './overdue-job.ts';

/* ADR 025: disputes, Keep Bet, resolve-by dates and the overdue reminder. */

let t: TestApp;
let creator: Awaited<ReturnType<typeof signedInUser>>;
let opponent: Awaited<ReturnType<typeof signedInUser>>;
let friendOfCreator: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  creator = await signedInUser(t);
  opponent = await signedInUser(t);
  friendOfCreator = await signedInUser(t);
  stranger = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  await makeFriends(t, creator.user.id, friendOfCreator.user.id);
});
afterAll(() => closeTestApp(t));


/** An active bet the creator then claims with 'I Won' (or concedes with 'I Lost'). */
async function resolvedBet(outcome: 'won' | 'lost', by: Agent = creator.agent) {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const res = await by.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome } });
  expect(res.status).toBe(200);
  return bet;
}
const rowOf = async (betId: string) => (await t.db.select().from(bets).where(eq(bets.id, betId)))[0];
const notesOf = async (betId: string, type: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.betId, betId), sql`${notifications.type} = ${type}`));

test('resolving records who resolved it and how', async () => {
  const bet = await resolvedBet('won');
  const row = await rowOf(bet.id);
  expect(row).toMatchObject({ resolvedBy: creator.user.id, resolution: 'won', winnerId: creator.user.id });
});

test("the named loser disputes an 'I Won': back to active, disputed, the claimant told", async () => {
  const bet = await resolvedBet('won');
  const res = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: { reason: '  It was a draw  ' } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    status: 'active',
    winnerId: null,
    completedAt: null,
    resolvedBy: null,
    resolution: null,
    disputeReason: 'It was a draw',
    paymentSent: false,
  });
  const row = await rowOf(bet.id);
  expect(row?.disputedAt).toBeInstanceOf(Date);
  const notes = await notesOf(bet.id, 'bet_disputed');
  expect(notes.map((n) => [n.userId, n.actorId])).toEqual([[creator.user.id, opponent.user.id]]);
  const activity = await (await creator.agent.api.activity.$get({ query: {} })).json();
  expect(JSON.stringify(activity)).toContain('bet_disputed');
});

test('a dispute without a reason is fine; a reason over 280 characters is 422', async () => {
  const bet = await resolvedBet('won');
  const tooLong = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: { reason: 'x'.repeat(281) } });
  expect(tooLong.status).toBe(422);
  const res = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} });
  expect(res.status).toBe(200);
  expect((await rowOf(bet.id))?.disputeReason).toBeNull();
});

test('only the named loser may dispute: the claimant 403, a friend of the creator 403, a stranger 404, signed out 401', async () => {
  const bet = await resolvedBet('won');
  expect((await creator.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(403);
  expect((await friendOfCreator.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(403);
  expect((await stranger.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(404);
  expect((await createAgent(t).api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(401);
  expect((await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: 'not-a-uuid' }, json: {} })).status).toBe(422);
  expect((await rowOf(bet.id))?.status).toBe('completed');
});

test("'I Lost' is a concession and cannot be disputed", async () => {
  // The opponent concedes: the creator is the winner and may not dispute a win; the opponent conceded.
  const bet = await resolvedBet('lost', opponent.agent);
  const res = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe("A bet you lost by 'I Lost' cannot be disputed.");
  expect((await creator.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(403);
});

test('after Mark Paid the dispute is refused', async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.api.bets[':id']['payment-sent'].$post({ param: { id: bet.id } })).status).toBe(200);
  const res = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe('You already marked this bet as paid, so it can no longer be disputed.');
});

test('the 48-hour window: refused after it, allowed just inside it', async () => {
  const late = await resolvedBet('won');
  await t.db.update(bets).set({ completedAt: sql`now() - interval '48 hours 1 minute'` }).where(eq(bets.id, late.id));
  const res = await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: late.id }, json: {} });
  expect(res.status).toBe(409);
  expect((await errorOf(res)).error.message).toBe('The 48 hours to dispute this bet have passed.');

  const inTime = await resolvedBet('won');
  await t.db.update(bets).set({ completedAt: sql`now() - interval '47 hours 59 minutes'` }).where(eq(bets.id, inTime.id));
  expect((await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: inTime.id }, json: {} })).status).toBe(200);
});

test("after a dispute 'I Won' is refused for both; 'I Lost' ends it and cannot be disputed", async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(200);
  for (const party of [creator, opponent]) {
    const res = await party.agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.message).toBe("This bet was disputed, so it can only end with 'I Lost' or a void.");
  }
  const conceded = await creator.agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'lost' } });
  expect(conceded.status).toBe(200);
  expect(await conceded.json()).toMatchObject({ status: 'completed', winnerId: opponent.user.id, resolution: 'lost' });
  expect((await creator.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(409);
});

test('a disputed bet can still be voided by agreement', async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(200);
  expect((await opponent.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).status).toBe(200);
  expect(await (await creator.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).json()).toMatchObject({ deleted: true });
});

test('the bet page lists Dispute for the loser only, and concede after a dispute', async () => {
  const bet = await resolvedBet('won');
  const actions = async (agent: Agent) => (await (await agent.api.bets[':id'].$get({ param: { id: bet.id } })).json()).actions;
  expect(await actions(opponent.agent)).toEqual(['markPaid', 'dispute']);
  expect(await actions(creator.agent)).toEqual([]);
  await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} });
  expect(await actions(creator.agent)).toEqual(['concede', 'requestVoid']);
});

test('a disputed bet waits on both parties in Waiting on You', async () => {
  const bet = await resolvedBet('won');
  await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: {} });
  for (const party of [creator, opponent]) {
    const waiting = await (await party.agent.api.activity.waiting.$get()).json();
    expect(waiting.bets.find((b) => b.id === bet.id)?.reason).toBe('resolve');
  }
  await creator.agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'lost' } });
});

test('Keep Bet: the asked party refuses the void; the requester is told', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  expect((await opponent.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } })).status).toBe(409);
  expect((await creator.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).status).toBe(200);
  const own = await creator.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } });
  expect(own.status).toBe(403);
  expect((await friendOfCreator.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } })).status).toBe(403);
  expect((await stranger.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } })).status).toBe(404);
  expect((await createAgent(t).api.bets[':id'].keep.$post({ param: { id: bet.id } })).status).toBe(401);
  const res = await opponent.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } });
  expect(res.status).toBe(200);
  expect((await rowOf(bet.id))?.voidRequestedBy).toBeNull();
  const notes = await notesOf(bet.id, 'void_kept');
  expect(notes.map((n) => [n.userId, n.actorId])).toEqual([[creator.user.id, opponent.user.id]]);
  expect((await opponent.agent.api.bets[':id'].keep.$post({ param: { id: bet.id } })).status).toBe(409);
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('Resolve by: optional, today or later, a real date', async () => {
  const place = (resolveBy: string | null) =>
    creator.agent.api.bets.$post({ json: { description: 'Dated', opponentId: opponent.user.id, amount: 5, resolveBy } });
  const ok = await place(isoDay(3));
  expect(ok.status).toBe(201);
  expect(await ok.json()).toMatchObject({ resolveBy: isoDay(3) });
  expect((await place(null)).status).toBe(201);
  expect((await place('')).status).toBe(201);
  for (const bad of [isoDay(-2), '2026-02-30', 'tomorrow', '2026-1-5']) {
    expect((await place(bad)).status).toBe(422);
  }
  // A number where the contract says a string: only an untyped request can send it.
  const numeric = { description: 'Dated', opponentId: opponent.user.id, amount: 5, resolveBy: 20260101 };
  expect((await creator.agent.post('/api/bets', numeric)).status).toBe(422);
  const past = await errorOf(await place(isoDay(-2)));
  expect(JSON.stringify(past)).toContain('Please choose today or a later date.');
});

test('the overdue job: concurrent passes on two instances remind both parties once, the day after the date', async () => {
  const due = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const today = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const resolved = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, winnerId: creator.user.id });
  await t.db.update(bets).set({ resolveBy: sql`current_date - 1` }).where(eq(bets.id, due.id));
  await t.db.update(bets).set({ resolveBy: sql`current_date` }).where(eq(bets.id, today.id));
  await t.db.update(bets).set({ resolveBy: sql`current_date - 5` }).where(eq(bets.id, resolved.id));
  const published: string[][] = [];
  const publish = (userIds: string[]) => {
    published.push(userIds);
    return Promise.resolve();
  };
  // Two instances, each with its own connection pool, and a second pass on the first.
  const second = openSecondPool(t.deps.database);
  const counts = await Promise.all([runOverduePass(t.db, publish), runOverduePass(second.db, publish), runOverduePass(t.db, publish)]).finally(
    () => second.close(),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  const notes = await notesOf(due.id, 'bet_overdue');
  expect(notes.map((n) => n.userId).sort()).toEqual([creator.user.id, opponent.user.id].sort());
  expect(notes.every((n) => n.actorId === null)).toBe(true);
  expect(await notesOf(today.id, 'bet_overdue')).toHaveLength(0);
  expect(await notesOf(resolved.id, 'bet_overdue')).toHaveLength(0);
  expect(await runOverduePass(t.db, publish)).toBe(0);
  expect(published.flat().sort()).toEqual([creator.user.id, opponent.user.id].sort());
  // An overdue bet waits on both parties.
  const waiting = await (await creator.agent.api.activity.waiting.$get()).json();
  expect(waiting.bets.find((b) => b.id === due.id)?.reason).toBe('resolve');
});

test('an overdue pass takes at most its batch size', async () => {
  const due = await Promise.all(
    Array.from({ length: 3 }, () => insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' })),
  );
  await t.db.update(bets).set({ resolveBy: sql`current_date - 1` }).where(inArray(bets.id, due.map((bet) => bet.id)));
  const publish = () => Promise.resolve();
  // At least these three are due: a pass of two takes exactly two, and the next passes the rest.
  expect(await runOverduePass(t.db, publish, 2)).toBe(2);
  while ((await runOverduePass(t.db, publish, 2)) === 2);
  for (const bet of due) expect(await notesOf(bet.id, 'bet_overdue')).toHaveLength(2);
});
