import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUTO_REMINDER_MAX } from '#domain/reminders.ts';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { runReminderPass } from './reminder-job.ts';

let t: TestApp;
/** A second server instance on the same database, with its own event bus. */
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ database: t.deps.database });
});
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  expect(other.serverErrors()).toEqual([]);
  await other.close();
  await t.close();
});

const published: { userIds: string[]; kind: string }[] = [];
const publish = (userIds: string[], event: { kind: string }) => {
  published.push({ userIds, kind: event.kind });
  return Promise.resolve();
};

/** Passes of both instances at once, several each: how many reminders went out in all. */
async function runConcurrentPasses(): Promise<number> {
  const passes = [t, other, t, other].map((app) => runReminderPass(app.db, publish));
  return (await Promise.all(passes)).reduce((sum, count) => sum + count, 0);
}

/** Only this test's bets: other tests' due bets go out in the same passes. */
async function autoLines(betIds: string[]) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'payment_reminder_auto'), inArray(notifications.betId, betIds)));
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
/** Moves the bet's last reminder back in time, as if the days had passed. */
const ageLastReminder = (betId: string, days: number) =>
  t.db.update(bets).set({ lastRemindedAt: sql`last_reminded_at - make_interval(secs => ${days * 86_400})` }).where(eq(bets.id, betId));

test('the job: 3 days after resolution, then weekly, at most 3; two instances at once send each exactly once', async () => {
  const winner = await insertUser(t);
  const loser = await insertUser(t);
  await makeFriends(t, winner.id, loser.id);
  const due = await insertBet(t, { createdBy: loser.id, opponentId: winner.id, winnerId: winner.id, amount: 25, completedAt: daysAgo(3.01) });
  const young = await insertBet(t, { createdBy: loser.id, opponentId: winner.id, winnerId: winner.id, completedAt: daysAgo(2.9) });
  const paid = await insertBet(t, { createdBy: loser.id, opponentId: winner.id, winnerId: winner.id, completedAt: daysAgo(5), paymentSent: true });
  const ours = [due.id, young.id, paid.id];
  // Enough due bets that the instances' passes contend for the same rows.
  const crowd = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      insertBet(t, { createdBy: winner.id, opponentId: loser.id, winnerId: loser.id, completedAt: daysAgo(4 + i) }),
    ),
  );

  expect(await runConcurrentPasses()).toBeGreaterThanOrEqual(1 + crowd.length);
  const crowdLines = await autoLines(crowd.map((bet) => bet.id));
  expect(crowdLines.map((line) => line.betId).sort()).toEqual(crowd.map((bet) => bet.id).sort());
  expect(crowdLines.every((line) => line.userId === winner.id && line.actorId === loser.id)).toBe(true);
  let lines = await autoLines(ours);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ userId: loser.id, actorId: winner.id, betId: due.id, data: { amount: 25, description: due.description } });
  expect(published.some((p) => p.kind === 'notifications' && p.userIds.includes(loser.id))).toBe(true);
  expect(published.some((p) => p.kind === 'bets' && p.userIds.includes(winner.id))).toBe(true);

  // Six days later: not yet. Seven: the second. Then the third, and never a fourth.
  await ageLastReminder(due.id, 6);
  await runConcurrentPasses();
  expect(await autoLines(ours)).toHaveLength(1);
  for (const expected of [2, 3, 3]) {
    await ageLastReminder(due.id, 1.01);
    await runConcurrentPasses();
    lines = await autoLines(ours);
    expect(lines).toHaveLength(expected);
    await ageLastReminder(due.id, 6);
  }
  await ageLastReminder(due.id, 30);
  await runConcurrentPasses();
  expect(await autoLines(ours)).toHaveLength(AUTO_REMINDER_MAX);
  const [row] = await t.db.select().from(bets).where(eq(bets.id, due.id));
  expect(row?.autoRemindersSent).toBe(AUTO_REMINDER_MAX);
});

test("the job and the winner share the 24-hour throttle; a winner's reminder restarts the weekly wait", async () => {
  const winner = await signedInUser(t);
  const loser = await insertUser(t);
  await makeFriends(t, winner.user.id, loser.id);
  const bet = await insertBet(t, { createdBy: winner.user.id, opponentId: loser.id, winnerId: winner.user.id, completedAt: daysAgo(2.5) });
  // The winner reminds on day 2.5; at day 3 the job waits until the 24 hours have passed.
  expect((await winner.agent.api.bets[':id'].remind.$post({ param: { id: bet.id } })).status).toBe(200);
  await t.db.update(bets).set({ completedAt: daysAgo(3.2) }).where(eq(bets.id, bet.id));
  await runConcurrentPasses();
  expect(await autoLines([bet.id])).toHaveLength(0);
  await ageLastReminder(bet.id, 1.01);
  await runConcurrentPasses();
  expect(await autoLines([bet.id])).toHaveLength(1);
  // The job's reminder holds the winner back too.
  const res = await winner.agent.api.bets[':id'].remind.$post({ param: { id: bet.id } });
  expect(res.status).toBe(429);
  // A day later the winner reminds again; the second automatic one comes a week after that, not before.
  await ageLastReminder(bet.id, 1.01);
  expect((await winner.agent.api.bets[':id'].remind.$post({ param: { id: bet.id } })).status).toBe(200);
  await ageLastReminder(bet.id, 6.9);
  await runConcurrentPasses();
  expect(await autoLines([bet.id])).toHaveLength(1);
  await ageLastReminder(bet.id, 0.2);
  await runConcurrentPasses();
  expect(await autoLines([bet.id])).toHaveLength(2);
});

test('a bet paid or settled before its reminder is due gets none', async () => {
  const winner = await insertUser(t);
  const loser = await insertUser(t);
  await makeFriends(t, winner.id, loser.id);
  const bet = await insertBet(t, { createdBy: loser.id, opponentId: winner.id, winnerId: winner.id, completedAt: daysAgo(4) });
  await t.db.update(bets).set({ paymentSent: true, paidAt: sql`now()` }).where(eq(bets.id, bet.id));
  await runConcurrentPasses();
  expect(await autoLines([bet.id])).toHaveLength(0);
});

test('a pass takes at most its batch size (on PGlite passes are small, so requests get the connection in between)', async () => {
  const winner = await insertUser(t);
  const loser = await insertUser(t);
  await makeFriends(t, winner.id, loser.id);
  const due = await Promise.all(
    Array.from({ length: 3 }, () =>
      insertBet(t, { createdBy: loser.id, opponentId: winner.id, winnerId: winner.id, completedAt: daysAgo(4) }),
    ),
  );
  // At least these three are due: a pass of two takes exactly two, and the next passes the rest.
  expect(await runReminderPass(t.db, publish, 2)).toBe(2);
  while ((await runReminderPass(t.db, publish, 2)) === 2);
  expect(await autoLines(due.map((bet) => bet.id))).toHaveLength(3);
});
