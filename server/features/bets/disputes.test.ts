import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '../../db/schema/bets.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createAgent, type Agent } from '../../testing/agent.ts';
import { insertBet } from '../../testing/bets.ts';
import { openSecondPool } from '../../testing/second-pool.ts';
import { makeFriends, signedInUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runOverduePass } from './overdue-job.ts';

/* Issue 12, sections 2 and 3: disputes, Keep Bet, resolve-by dates and the overdue reminder. */

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
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  await t.close();
});

type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;
const errorOf = async (res: Response) => (await body(res))['error'] as Json;

/** An active bet the creator then claims with 'I Won' (or concedes with 'I Lost'). */
async function resolvedBet(outcome: 'won' | 'lost', by: Agent = creator.agent) {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const res = await by.post(`/api/bets/${bet.id}/resolve`, { outcome });
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
  const res = await opponent.agent.post(`/api/bets/${bet.id}/dispute`, { reason: '  It was a draw  ' });
  expect(res.status).toBe(200);
  expect(await body(res)).toMatchObject({
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
  const activity = await body(await creator.agent.get('/api/activity'));
  expect(JSON.stringify(activity)).toContain('bet_disputed');
});

test('a dispute without a reason is fine; a reason over 280 characters is 422', async () => {
  const bet = await resolvedBet('won');
  const tooLong = await opponent.agent.post(`/api/bets/${bet.id}/dispute`, { reason: 'x'.repeat(281) });
  expect(tooLong.status).toBe(422);
  const res = await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {});
  expect(res.status).toBe(200);
  expect((await rowOf(bet.id))?.disputeReason).toBeNull();
});

test('only the named loser may dispute: the claimant 403, a friend of the creator 403, a stranger 404, signed out 401', async () => {
  const bet = await resolvedBet('won');
  expect((await creator.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(403);
  expect((await friendOfCreator.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(403);
  expect((await stranger.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(404);
  expect((await createAgent(t).post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(401);
  expect((await opponent.agent.post('/api/bets/not-a-uuid/dispute', {})).status).toBe(422);
  expect((await rowOf(bet.id))?.status).toBe('completed');
});

test("'I Lost' is a concession and cannot be disputed", async () => {
  // The opponent concedes: the creator is the winner and may not dispute a win; the opponent conceded.
  const bet = await resolvedBet('lost', opponent.agent);
  const res = await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {});
  expect(res.status).toBe(409);
  expect(await errorOf(res)).toMatchObject({ message: "A bet you lost by 'I Lost' cannot be disputed." });
  expect((await creator.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(403);
});

test('after Mark Paid the dispute is refused', async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.post(`/api/bets/${bet.id}/payment-sent`)).status).toBe(200);
  const res = await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {});
  expect(res.status).toBe(409);
  expect(await errorOf(res)).toMatchObject({ message: 'You already marked this bet as paid, so it can no longer be disputed.' });
});

test('the 48-hour window: refused after it, allowed just inside it', async () => {
  const late = await resolvedBet('won');
  await t.db.update(bets).set({ completedAt: sql`now() - interval '48 hours 1 minute'` }).where(eq(bets.id, late.id));
  const res = await opponent.agent.post(`/api/bets/${late.id}/dispute`, {});
  expect(res.status).toBe(409);
  expect(await errorOf(res)).toMatchObject({ message: 'The 48 hours to dispute this bet have passed.' });

  const inTime = await resolvedBet('won');
  await t.db.update(bets).set({ completedAt: sql`now() - interval '47 hours 59 minutes'` }).where(eq(bets.id, inTime.id));
  expect((await opponent.agent.post(`/api/bets/${inTime.id}/dispute`, {})).status).toBe(200);
});

test("after a dispute 'I Won' is refused for both; 'I Lost' ends it and cannot be disputed", async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(200);
  for (const party of [creator, opponent]) {
    const res = await party.agent.post(`/api/bets/${bet.id}/resolve`, { outcome: 'won' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ message: "This bet was disputed, so it can only end with 'I Lost' or a void." });
  }
  const conceded = await creator.agent.post(`/api/bets/${bet.id}/resolve`, { outcome: 'lost' });
  expect(conceded.status).toBe(200);
  expect(await body(conceded)).toMatchObject({ status: 'completed', winnerId: opponent.user.id, resolution: 'lost' });
  expect((await creator.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(409);
});

test('a disputed bet can still be voided by agreement', async () => {
  const bet = await resolvedBet('won');
  expect((await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {})).status).toBe(200);
  expect((await opponent.agent.post(`/api/bets/${bet.id}/void`)).status).toBe(200);
  expect(await body(await creator.agent.post(`/api/bets/${bet.id}/void`))).toMatchObject({ deleted: true });
});

test('the bet page lists Dispute for the loser only, and concede after a dispute', async () => {
  const bet = await resolvedBet('won');
  const actions = async (agent: Agent) => (await body(await agent.get(`/api/bets/${bet.id}`)))['actions'];
  expect(await actions(opponent.agent)).toEqual(['markPaid', 'dispute']);
  expect(await actions(creator.agent)).toEqual([]);
  await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {});
  expect(await actions(creator.agent)).toEqual(['concede', 'requestVoid']);
});

test('a disputed bet waits on both parties in Waiting on You', async () => {
  const bet = await resolvedBet('won');
  await opponent.agent.post(`/api/bets/${bet.id}/dispute`, {});
  for (const party of [creator, opponent]) {
    const waiting = await body(await party.agent.get('/api/activity/waiting'));
    const item = (waiting['bets'] as Json[]).find((b) => b['id'] === bet.id);
    expect(item?.['reason']).toBe('resolve');
  }
  await creator.agent.post(`/api/bets/${bet.id}/resolve`, { outcome: 'lost' });
});

test('Keep Bet: the asked party refuses the void; the requester is told', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  expect((await opponent.agent.post(`/api/bets/${bet.id}/keep`)).status).toBe(409);
  expect((await creator.agent.post(`/api/bets/${bet.id}/void`)).status).toBe(200);
  const own = await creator.agent.post(`/api/bets/${bet.id}/keep`);
  expect(own.status).toBe(403);
  expect((await friendOfCreator.agent.post(`/api/bets/${bet.id}/keep`)).status).toBe(403);
  expect((await stranger.agent.post(`/api/bets/${bet.id}/keep`)).status).toBe(404);
  expect((await createAgent(t).post(`/api/bets/${bet.id}/keep`)).status).toBe(401);
  const res = await opponent.agent.post(`/api/bets/${bet.id}/keep`);
  expect(res.status).toBe(200);
  expect((await rowOf(bet.id))?.voidRequestedBy).toBeNull();
  const notes = await notesOf(bet.id, 'void_kept');
  expect(notes.map((n) => [n.userId, n.actorId])).toEqual([[creator.user.id, opponent.user.id]]);
  expect((await opponent.agent.post(`/api/bets/${bet.id}/keep`)).status).toBe(409);
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('Resolve by: optional, today or later, a real date', async () => {
  const place = (resolveBy: unknown) =>
    creator.agent.post('/api/bets', { description: 'Dated', opponentId: opponent.user.id, amount: 5, resolveBy });
  const ok = await place(isoDay(3));
  expect(ok.status).toBe(201);
  expect(await body(ok)).toMatchObject({ resolveBy: isoDay(3) });
  expect((await place(null)).status).toBe(201);
  expect((await place('')).status).toBe(201);
  for (const bad of [isoDay(-2), '2026-02-30', 'tomorrow', '2026-1-5', 20260101]) {
    const res = await place(bad);
    expect(res.status).toBe(422);
  }
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
  const waiting = await body(await creator.agent.get('/api/activity/waiting'));
  expect((waiting['bets'] as Json[]).find((b) => b['id'] === due.id)?.['reason']).toBe('resolve');
});
