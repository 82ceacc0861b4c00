import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { friendships } from '#server/db/schema/friends.ts';
import type { BusEvent } from '#server/lib/events.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * ADR 017: bets are only between friends. Removing a friend deletes
 * the pending bets between the two (as a decline would), and a pending bet can
 * never be accepted once they are no longer friends, even in a race.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const ROUNDS = 20;

async function friendsPair() {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  return { creator, opponent };
}

function betsBetween(a: string, b: string) {
  return t.db
    .select()
    .from(bets)
    .where(
      or(
        and(eq(bets.createdBy, a), eq(bets.opponentId, b)),
        and(eq(bets.createdBy, b), eq(bets.opponentId, a)),
      ),
    );
}

async function areFriends(a: string, b: string) {
  const rows = await t.db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    );
  return rows.length;
}

test('removing a friend deletes the pending bets between the two, keeps the others, and tells both at once', async () => {
  const { creator, opponent } = await friendsPair();
  const a = creator.user.id;
  const b = opponent.user.id;
  const theirs = await insertBet(t, { createdBy: a, opponentId: b });
  const mine = await insertBet(t, { createdBy: b, opponentId: a });
  const active = await insertBet(t, { createdBy: a, opponentId: b, status: 'active' });
  const done = await insertBet(t, { createdBy: a, opponentId: b, winnerId: b });
  const heard: Record<string, BusEvent[]> = { [a]: [], [b]: [] };
  const stops = [a, b].map((id) => t.deps.events.subscribe(id, (event) => heard[id]?.push(event)));

  const res = await opponent.agent.api.friends[':userId'].$delete({ param: { userId: a } });
  expect(res.status).toBe(200);

  const left = (await betsBetween(a, b)).map((bet) => bet.id).sort();
  expect(left).toEqual([active.id, done.id].sort());
  for (const id of [a, b]) {
    await expect
      .poll(() => heard[id])
      .toEqual(
        expect.arrayContaining([
          { kind: 'friends' },
          { kind: 'bets', betId: theirs.id },
          { kind: 'bets', betId: mine.id },
        ]),
      );
  }
  for (const stop of stops) stop();

  const answer = await opponent.agent.api.bets[':id'].accept.$post({ param: { id: theirs.id }, json: {} });
  expect(answer.status).toBe(404);
});

test('a pending bet between two who are no longer friends cannot be accepted', async () => {
  const { creator, opponent } = await friendsPair();
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  // A bet left over from before removals cancelled them: the friendship is gone, the bet is not.
  await t.db
    .delete(friendships)
    .where(or(eq(friendships.userId, creator.user.id), eq(friendships.friendId, creator.user.id)));

  const res = await opponent.agent.api.bets[':id'].accept.$post({
    param: { id: bet.id },
    json: { prediction: 'still on?' },
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    error: {
      code: 'FORBIDDEN',
      message: 'You are no longer friends, so this bet can no longer be accepted.',
    },
  });
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  expect(row?.status).toBe('pending');
});

test(`removal racing an accept (${ROUNDS} rounds): the bet is either accepted before the removal or gone`, async () => {
  const { creator, opponent } = await friendsPair();
  const a = creator.user.id;
  const b = opponent.user.id;
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round > 0) await makeFriends(t, a, b);
    const bet = await insertBet(t, { createdBy: a, opponentId: b });
    const accept = opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} });
    const removal = (round % 2 === 0 ? creator : opponent).agent.api.friends[':userId'].$delete({
      param: { userId: round % 2 === 0 ? b : a },
    });
    const [accepted, removed] = await Promise.all([accept, removal]);
    expect(removed.status).toBe(200);
    expect([200, 403, 404]).toContain(accepted.status);

    const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
    if (accepted.status === 200) expect(row?.status).toBe('active');
    else expect(row).toBeUndefined();
    expect(await areFriends(a, b)).toBe(0);
    expect((await betsBetween(a, b)).filter((other) => other.status === 'pending')).toEqual([]);
  }
});

test(`removal racing a new bet (${ROUNDS} rounds): no pending bet is left between the two`, async () => {
  const { creator, opponent } = await friendsPair();
  const a = creator.user.id;
  const b = opponent.user.id;
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round > 0) await makeFriends(t, a, b);
    const [created, removed] = await Promise.all([
      creator.agent.api.bets.$post({ json: { opponentId: b, description: `Race ${round}`, amount: 5 } }),
      opponent.agent.api.friends[':userId'].$delete({ param: { userId: a } }),
    ]);
    expect(removed.status).toBe(200);
    // 404: created, then cancelled by the removal before the answer re-read it.
    expect([201, 403, 404]).toContain(created.status);
    expect((await betsBetween(a, b)).filter((bet) => bet.status === 'pending')).toEqual([]);
  }
});
