import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/* ADR 061: a one-on-one bet decided by a referee, a friend of both parties. */

type Person = { agent: Agent; id: string; name: string };
let t: TestApp;
let creator: Person;
let opponent: Person;
let referee: Person;
let other: Person;
let creatorOnlyFriend: Person;
let stranger: Person;
const person = async (): Promise<Person> => {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id, name: user.name };
};
beforeAll(async () => {
  t = await createTestApp();
  creator = await person();
  opponent = await person();
  referee = await person();
  other = await person();
  creatorOnlyFriend = await person();
  stranger = await person();
  await makeFriends(t, creator.id, opponent.id);
  for (const mutual of [referee, other]) {
    await makeFriends(t, creator.id, mutual.id);
    await makeFriends(t, opponent.id, mutual.id);
  }
  await makeFriends(t, creator.id, creatorOnlyFriend.id);
});
afterAll(() => closeTestApp(t));

const place = (refereeId: string | null = referee.id) =>
  creator.agent.api.bets.$post({ json: { description: 'Lakers win tonight', opponentId: opponent.id, amount: 10, refereeId } });
async function refereedBet() {
  const res = await place();
  expect(res.status).toBe(201);
  return res.json();
}
const api = (who: Person) => who.agent.api.bets[':id'];
const acceptAsOpponent = (id: string) => api(opponent).accept.$post({ param: { id }, json: {} });
const acceptAsReferee = (id: string, who: Person = referee) => api(who).referee.accept.$post({ param: { id } });
const rowOf = async (id: string) => (await t.db.select().from(bets).where(eq(bets.id, id)))[0];
const notesOf = async (id: string, type: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.betId, id), sql`${notifications.type} = ${type}`));
async function activeRefereedBet() {
  const bet = await refereedBet();
  expect((await acceptAsOpponent(bet.id)).status).toBe(200);
  expect((await acceptAsReferee(bet.id)).status).toBe(200);
  return bet;
}

test('placing with a referee asks them: the bet is pending with the role, the referee is told and waits', async () => {
  const bet = await refereedBet();
  expect(bet.referee).toMatchObject({ user: { id: referee.id, name: referee.name }, accepted: false, opponentAccepted: false });
  const asked = await notesOf(bet.id, 'bet_referee_asked');
  expect(asked.map((n) => [n.userId, n.actorId])).toEqual([[referee.id, creator.id]]);
  const waiting = await (await referee.agent.api.activity.waiting.$get()).json();
  expect(waiting.bets.map((b) => [b.id, b.reason])).toContainEqual([bet.id, 'referee']);
  expect((await (await referee.agent.api.notifications.summary.$get()).json()).hasPendingAction).toBe(true);
  const page = await referee.agent.api.bets[':id'].$get({ param: { id: bet.id } });
  expect(page.status).toBe(200);
});

test('a referee who is not a friend of both parties is refused (403); a party as referee is 422', async () => {
  const notMutual = await place(creatorOnlyFriend.id);
  expect(notMutual.status).toBe(403);
  expect((await errorOf(notMutual)).error.message).toBe('The referee must be a friend of both of you.');
  expect((await place(stranger.id)).status).toBe(403);
  expect((await place(opponent.id)).status).toBe(422);
  expect((await place('')).status).toBe(422);
});

test('opponent first, then referee: active once both accepted', async () => {
  const bet = await refereedBet();
  const accepted = await acceptAsOpponent(bet.id);
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toMatchObject({ status: 'pending', referee: { accepted: false, opponentAccepted: true } });
  // The opponent answered: no longer waiting on them, no second accept.
  const waiting = await (await opponent.agent.api.activity.waiting.$get()).json();
  expect(waiting.bets.map((b) => b.id)).not.toContain(bet.id);
  const again = await acceptAsOpponent(bet.id);
  expect(again.status).toBe(409);
  expect((await errorOf(again)).error.message).toBe('You already accepted this bet.');
  expect((await api(opponent).decline.$post({ param: { id: bet.id } })).status).toBe(409);
  const res = await acceptAsReferee(bet.id);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'active', referee: { accepted: true, opponentAccepted: true } });
  expect((await notesOf(bet.id, 'bet_referee_accepted')).map((n) => n.userId).sort()).toEqual([creator.id, opponent.id].sort());
});

test('referee first, then opponent: active once both accepted', async () => {
  const bet = await refereedBet();
  expect(await (await acceptAsReferee(bet.id)).json()).toMatchObject({ status: 'pending', referee: { accepted: true } });
  expect((await acceptAsReferee(bet.id)).status).toBe(409);
  expect(await (await acceptAsOpponent(bet.id)).json()).toMatchObject({ status: 'active' });
});

test('Accept Referee: only the asked referee (403), a stranger 404, signed out 401, a bad id 422', async () => {
  const bet = await refereedBet();
  expect((await acceptAsReferee(bet.id, other)).status).toBe(403);
  expect((await acceptAsReferee(bet.id, opponent)).status).toBe(403);
  expect((await acceptAsReferee(bet.id, stranger)).status).toBe(404);
  expect((await t.app.request(`${TEST_ORIGIN}/api/bets/${bet.id}/referee/accept`, { method: 'POST', headers: { origin: TEST_ORIGIN } })).status).toBe(401);
  expect((await api(referee).referee.accept.$post({ param: { id: 'nope' } })).status).toBe(422);
});

test('Decline Referee tells the creator and leaves the bet pending without a referee until they pick another', async () => {
  const bet = await refereedBet();
  await acceptAsOpponent(bet.id);
  expect((await api(referee).referee.decline.$post({ param: { id: bet.id } })).status).toBe(200);
  const row = await rowOf(bet.id);
  expect(row).toMatchObject({ status: 'pending', hasReferee: true, refereeId: null });
  expect((await notesOf(bet.id, 'bet_referee_declined')).map((n) => n.userId)).toEqual([creator.id]);
  // The creator waits now; the declined referee cannot accept any more.
  const waiting = await (await creator.agent.api.activity.waiting.$get()).json();
  expect(waiting.bets.map((b) => [b.id, b.reason])).toContainEqual([bet.id, 'pick_referee']);
  expect((await acceptAsReferee(bet.id)).status).toBe(403);

  const picked = await api(creator).referee.$put({ param: { id: bet.id }, json: { refereeId: other.id } });
  expect(picked.status).toBe(200);
  expect((await notesOf(bet.id, 'bet_referee_asked')).map((n) => n.userId)).toContain(other.id);
  expect(await (await acceptAsReferee(bet.id, other)).json()).toMatchObject({ status: 'active' });
});

test('picking a referee: creator only (403), a mutual friend only (403), not a party (422), pending only (409)', async () => {
  const bet = await refereedBet();
  expect((await api(opponent).referee.$put({ param: { id: bet.id }, json: { refereeId: other.id } })).status).toBe(403);
  expect((await api(creator).referee.$put({ param: { id: bet.id }, json: { refereeId: creatorOnlyFriend.id } })).status).toBe(403);
  expect((await api(creator).referee.$put({ param: { id: bet.id }, json: { refereeId: opponent.id } })).status).toBe(422);
  expect((await api(creator).referee.$put({ param: { id: bet.id }, json: { refereeId: '' } })).status).toBe(422);
  expect((await api(stranger).referee.$put({ param: { id: bet.id }, json: { refereeId: other.id } })).status).toBe(404);
  const active = await activeRefereedBet();
  expect((await api(creator).referee.$put({ param: { id: active.id }, json: { refereeId: other.id } })).status).toBe(409);
});

test('removing the role makes an accepted bet active; the parties then resolve it themselves', async () => {
  const bet = await refereedBet();
  await acceptAsOpponent(bet.id);
  expect((await api(opponent).referee.$delete({ param: { id: bet.id } })).status).toBe(403);
  const res = await api(creator).referee.$delete({ param: { id: bet.id } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'active', referee: null });
  expect((await api(creator).referee.$delete({ param: { id: bet.id } })).status).toBe(409);
  expect((await api(creator).resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } })).status).toBe(200);
});

test("on an active refereed bet the parties cannot claim or concede; the referee decides '<Name> Won'", async () => {
  const bet = await activeRefereedBet();
  const page = await (await api(creator).$get({ param: { id: bet.id } })).json();
  expect(page.actions).toEqual(['requestVoid']);
  const claim = await api(creator).resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } });
  expect(claim.status).toBe(403);
  expect((await errorOf(claim)).error.message).toBe('The referee decides this bet.');
  expect((await api(opponent).resolve.$post({ param: { id: bet.id }, json: { outcome: 'lost' } })).status).toBe(403);
  expect((await api(other).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: opponent.id } })).status).toBe(403);
  expect((await api(stranger).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: opponent.id } })).status).toBe(404);
  expect((await api(referee).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: referee.id } })).status).toBe(422);
  expect((await referee.agent.post(`/api/bets/${bet.id}/referee/decide`, {})).status).toBe(422);

  const decided = await api(referee).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: opponent.id } });
  expect(decided.status).toBe(200);
  expect(await decided.json()).toMatchObject({ status: 'completed', winnerId: opponent.id, resolvedBy: referee.id, resolution: 'won' });
  const notes = await notesOf(bet.id, 'bet_referee_decided');
  expect(notes.map((n) => n.userId).sort()).toEqual([creator.id, opponent.id].sort());
  expect((await api(referee).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: creator.id } })).status).toBe(409);
  // The loser pays as after any win.
  expect((await api(creator)['payment-sent'].$post({ param: { id: bet.id } })).status).toBe(200);
});

test("the loser disputes the referee's decision; the winner cannot; after it only 'I Lost' or a void ends it", async () => {
  const bet = await activeRefereedBet();
  await api(referee).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: creator.id } });
  expect((await api(creator).dispute.$post({ param: { id: bet.id }, json: {} })).status).toBe(403);
  const disputed = await api(opponent).dispute.$post({ param: { id: bet.id }, json: { reason: 'Wrong call' } });
  expect(disputed.status).toBe(200);
  expect(await disputed.json()).toMatchObject({ status: 'active', winnerId: null });
  expect((await api(referee).referee.decide.$post({ param: { id: bet.id }, json: { winnerId: creator.id } })).status).toBe(409);
  const page = await (await api(opponent).$get({ param: { id: bet.id } })).json();
  expect(page.actions).toEqual(['concede', 'requestVoid']);
  expect((await api(opponent).resolve.$post({ param: { id: bet.id }, json: { outcome: 'lost' } })).status).toBe(200);
});

test('void still needs both parties; the referee cannot void', async () => {
  const bet = await activeRefereedBet();
  expect((await api(referee).void.$post({ param: { id: bet.id } })).status).toBe(403);
  expect((await api(creator).void.$post({ param: { id: bet.id } })).status).toBe(200);
  expect((await api(opponent).void.$post({ param: { id: bet.id } })).status).toBe(200);
  expect(await rowOf(bet.id)).toBeUndefined();
});

test("the referee picker lists only friends of both parties; a non-friend's list is 404", async () => {
  const res = await creator.agent.api.bets['referee-candidates'][':opponentId'].$get({ param: { opponentId: opponent.id } });
  expect(res.status).toBe(200);
  const ids = (await res.json()).map((u) => u.id);
  expect(ids.sort()).toEqual([referee.id, other.id].sort());
  expect((await creator.agent.api.bets['referee-candidates'][':opponentId'].$get({ param: { opponentId: stranger.id } })).status).toBe(404);
  expect((await t.app.request(`${TEST_ORIGIN}/api/bets/referee-candidates/${opponent.id}`)).status).toBe(401);
});
