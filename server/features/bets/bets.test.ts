import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { comments } from '#server/db/schema/comments.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, linksIn, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
let creator: Awaited<ReturnType<typeof signedInUser>>;
let opponent: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  creator = await signedInUser(t);
  opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
});
afterAll(() => closeTestApp(t));

type PlaceInput = Parameters<Agent['api']['bets']['$post']>[0]['json'];
const place = (agent: Agent, json: PlaceInput) => agent.api.bets.$post({ json });
const bet$ = (agent: Agent) => agent.api.bets[':id'];

test('placing a bet with a friend creates a pending bet', async () => {
  const res = await place(creator.agent, { description: '  Lakers win tonight ', opponentId: opponent.user.id, amount: 15 });
  expect(res.status).toBe(201);
  const bet = await res.json();
  expect(bet).toMatchObject({
    description: 'Lakers win tonight',
    amount: 15,
    status: 'pending',
    winnerId: null,
    creator: { id: creator.user.id, venmoHandle: creator.user.venmoHandle },
    opponent: { id: opponent.user.id },
    paymentSent: false,
    paymentConfirmed: false,
  });
  const mine = await (await opponent.agent.api.bets.mine.$get()).json();
  expect(mine.pending.items.map((b) => b.id)).toContain(bet.id);
});

test.each([
  ['amount 0', { amount: 0 }],
  ['amount 1.5', { amount: 1.5 }],
  ['amount -1', { amount: -1 }],
  ['amount 10,001', { amount: 10_001 }],
  ['no amount', { amount: null }],
  ['a blank description', { description: '   ' }],
  ['a 281-character description', { description: 'x'.repeat(281) }],
  ['no opponent', { opponentId: null }],
])('a bet with %s is refused with 422', async (_name, override) => {
  const res = await place(creator.agent, { description: 'Valid', opponentId: opponent.user.id, amount: 5, ...override });
  expect(res.status).toBe(422);
  expect((await errorOf(res)).error.code).toBe('VALIDATION_FAILED');
});

test('amounts 1 and 10,000 are accepted', async () => {
  for (const amount of [1, 10_000]) {
    expect((await place(creator.agent, { description: 'Edge', opponentId: opponent.user.id, amount })).status).toBe(201);
  }
});

test('a bet with a non-friend, an unknown user or yourself is refused with 403', async () => {
  const stranger = await insertUser(t);
  for (const opponentId of [stranger.id, 'no-such-user', creator.user.id]) {
    const res = await place(creator.agent, { description: 'Nope', opponentId, amount: 5 });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.message).toBe('You can only bet with your friends.');
  }
  expect((await place(createAgent(t), { description: 'x', opponentId: opponent.user.id, amount: 5 })).status).toBe(401);
});

test('accepting with a prediction activates the bet, stores the comment, notifies and emails the creator', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, amount: 20 });
  const res = await bet$(opponent.agent).accept.$post({ param: { id: bet.id }, json: { prediction: '  Easy money  ' } });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'active', acceptanceComment: 'Easy money' });
  const [row] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const [comment] = await t.db.select().from(comments).where(eq(comments.betId, bet.id));
  expect(row?.acceptanceCommentId).toBe(comment?.id);
  expect(comment).toMatchObject({ userId: opponent.user.id, text: 'Easy money' });
  const sent = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  expect(sent.map((n) => [n.userId, n.type, n.actorId])).toEqual([[creator.user.id, 'bet_accepted', opponent.user.id]]);
  const mail = (await t.sentMail()).filter((m) => m.to === creator.user.email && m.subject.includes('accepted your bet'));
  expect(mail.at(-1)?.text).toContain('$20');
  expect(mail.at(-1)?.text).toContain(bet.description);
  // The mail's button is the bet's deep link.
  expect(linksIn(mail.at(-1)?.text ?? '')).toContain(`${TEST_ORIGIN}/bets/${bet.id}`);
});

test('accepting without a prediction stores no comment', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  expect((await bet$(opponent.agent).accept.$post({ param: { id: bet.id }, json: {} })).status).toBe(200);
  expect(await t.db.select().from(comments).where(eq(comments.betId, bet.id))).toEqual([]);
});

test('a mail outage never fails the accept', async () => {
  // A creator of their own: the shared creator's accept mail is held by the 10-minute throttle.
  const fresh = await insertUser(t);
  await makeFriends(t, fresh.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: fresh.id, opponentId: opponent.user.id });
  t.transport.failNext = 1;
  expect((await bet$(opponent.agent).accept.$post({ param: { id: bet.id }, json: {} })).status).toBe(200);
  await t.sentMail();
  expect(t.transport.failNext).toBe(0);
  t.logs.splice(0);
});

test('declining deletes the pending bet', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  expect((await bet$(opponent.agent).decline.$post({ param: { id: bet.id } })).status).toBe(200);
  expect(await t.db.select().from(bets).where(eq(bets.id, bet.id))).toEqual([]);
});

test("'I Won' makes the caller the winner, 'I Lost' the other party; the other party is notified", async () => {
  const won = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const res = await (await bet$(creator.agent).resolve.$post({ param: { id: won.id }, json: { outcome: 'won' } })).json();
  expect(res).toMatchObject({ status: 'completed', winnerId: creator.user.id });
  expect(res.completedAt).toBeTruthy();

  const lost = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active', voidRequestedBy: opponent.user.id });
  const res2 = await bet$(creator.agent).resolve.$post({ param: { id: lost.id }, json: { outcome: 'lost' } });
  expect(await res2.json()).toMatchObject({ status: 'completed', winnerId: opponent.user.id, voidRequestedBy: null });
  const sent = await t.db.select().from(notifications).where(eq(notifications.betId, lost.id));
  expect(sent.map((n) => [n.userId, n.type])).toEqual([[opponent.user.id, 'bet_completed']]);
  expect((await bet$(creator.agent).resolve.$post({ param: { id: lost.id }, json: { outcome: 'won' } })).status).toBe(409);
});

test('void: request, cancel, request again, the other party confirms and the bet is gone', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  const param = { id: bet.id };
  const asked = await bet$(creator.agent).void.$post({ param });
  expect(await asked.json()).toEqual({ message: 'Waiting for the other party to confirm.', deleted: false });
  expect((await bet$(creator.agent).void.$post({ param })).status).toBe(409);
  expect((await bet$(opponent.agent).void.$delete({ param })).status).toBe(403);
  const cancelled = await bet$(creator.agent).void.$delete({ param });
  expect(await cancelled.json()).toEqual({ message: 'The void request was cancelled.', deleted: false });
  await bet$(opponent.agent).void.$post({ param });
  const confirmed = await bet$(creator.agent).void.$post({ param });
  expect(await confirmed.json()).toEqual({ message: 'Both of you agreed, so the bet was permanently deleted.', deleted: true });
  expect(await t.db.select().from(bets).where(eq(bets.id, bet.id))).toEqual([]);
});

test('payment: only the loser marks sent, only the winner confirms after that, each once', async () => {
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, winnerId: opponent.user.id });
  expect((await bet$(opponent.agent)['payment-confirmed'].$post({ param: { id: bet.id } })).status).toBe(409);
  expect((await bet$(opponent.agent)['payment-sent'].$post({ param: { id: bet.id } })).status).toBe(403);
  expect(await (await bet$(creator.agent)['payment-sent'].$post({ param: { id: bet.id } })).json()).toMatchObject({ paymentSent: true });
  expect((await bet$(creator.agent)['payment-sent'].$post({ param: { id: bet.id } })).status).toBe(409);
  expect((await bet$(creator.agent)['payment-confirmed'].$post({ param: { id: bet.id } })).status).toBe(403);
  expect(await (await bet$(opponent.agent)['payment-confirmed'].$post({ param: { id: bet.id } })).json()).toMatchObject({ paymentConfirmed: true });
  expect((await bet$(opponent.agent)['payment-confirmed'].$post({ param: { id: bet.id } })).status).toBe(409);
  const sent = await t.db.select().from(notifications).where(eq(notifications.betId, bet.id));
  expect(sent.map((n) => [n.userId, n.type]).sort()).toEqual(
    [[opponent.user.id, 'payment_marked'], [creator.user.id, 'payment_confirmed']].sort(),
  );
});

test('the past section pages with a stable cursor', async () => {
  const a = await signedInUser(t);
  const b = await insertUser(t);
  await makeFriends(t, a.user.id, b.id);
  for (let i = 0; i < 23; i += 1) await insertBet(t, { createdBy: a.user.id, opponentId: b.id, winnerId: b.id });
  const { past } = await (await a.agent.api.bets.mine.$get()).json();
  expect(past.items).toHaveLength(20);
  // A bet completed meanwhile does not shift the next page.
  await insertBet(t, { createdBy: a.user.id, opponentId: b.id, winnerId: a.user.id });
  const second = await (await a.agent.api.bets.mine.past.$get({ query: { cursor: String(past.nextCursor) } })).json();
  expect(second.items.length).toBe(3);
  expect(second.nextCursor).toBeNull();
  const ids = new Set([...past.items, ...second.items].map((x) => x.id));
  expect(ids.size).toBe(23);
  expect((await a.agent.api.bets.mine.past.$get({ query: { cursor: 'garbage' } })).status).toBe(400);
});

test('bets/mine gives the first page of each section, as the section endpoints page them', async () => {
  const me = await signedInUser(t);
  const [pal, other] = [await insertUser(t), await insertUser(t)];
  await makeFriends(t, me.user.id, pal.id);
  await makeFriends(t, other.id, pal.id);
  const made = { pending: [] as string[], active: [] as string[] };
  for (let i = 0; i < 4; i += 1) {
    const [a, b] = i % 2 ? [me.user.id, pal.id] : [pal.id, me.user.id];
    made.pending.push((await insertBet(t, { createdBy: a, opponentId: b })).id);
    made.active.push((await insertBet(t, { createdBy: b, opponentId: a, status: 'active' })).id);
    await insertBet(t, { createdBy: a, opponentId: b, winnerId: a });
    await insertBet(t, { createdBy: b, opponentId: a, winnerId: a, paymentSent: true, paymentConfirmed: true });
    await insertBet(t, { createdBy: pal.id, opponentId: other.id }); // not mine
    await insertBet(t, { createdBy: other.id, opponentId: pal.id, status: 'active' });
  }
  for (let i = 0; i < 15; i += 1) await insertBet(t, { createdBy: me.user.id, opponentId: pal.id, winnerId: pal.id });
  // Bets at one instant: only the id orders them, in the open sections and across the past page's end.
  const tied = [made.pending[1], made.pending[2], made.active[0], made.active[3]].filter((id) => id !== undefined);
  await t.db.update(bets).set({ createdAt: new Date(Date.UTC(2030, 0, 1)) }).where(inArray(bets.id, tied));

  const mine = await (await me.agent.api.bets.mine.$get()).json();
  const idsOf = (list: { id: string }[]) => list.map((b) => b.id);
  const newest = async (where: ReturnType<typeof and>) =>
    (await t.db.select({ id: bets.id }).from(bets).where(where).orderBy(desc(bets.createdAt), desc(bets.id))).map((r) => r.id);
  const party = or(eq(bets.createdBy, me.user.id), eq(bets.opponentId, me.user.id));
  expect(idsOf(mine.pending.items)).toEqual(await newest(and(party, eq(bets.status, 'pending'))));
  expect(idsOf(mine.active.items)).toEqual(await newest(and(party, eq(bets.status, 'active'))));
  expect(mine.pending).toMatchObject({ items: { length: 4 }, nextCursor: null });
  expect(mine.active).toMatchObject({ items: { length: 4 }, nextCursor: null });
  const allPast = await newest(and(party, eq(bets.status, 'completed')));
  expect(allPast).toHaveLength(23);
  expect(idsOf(mine.past.items)).toEqual(allPast.slice(0, 20));
  expect(mine.past).toEqual(await (await me.agent.api.bets.mine.past.$get({ query: {} })).json());
  expect(mine.pending).toEqual(await (await me.agent.api.bets.mine.pending.$get({ query: {} })).json());
  expect(mine.active).toEqual(await (await me.agent.api.bets.mine.active.$get({ query: {} })).json());
  expect(mine.active.items.find((b) => b.id === made.active[0])).toMatchObject({ status: 'active', creator: { id: me.user.id }, opponent: { id: pal.id } });
});

test('pending and active bets page 20 at a time with stable cursors: no bet twice or missing, even at one instant (ADR 043)', async () => {
  const me = await signedInUser(t);
  const pal = await insertUser(t);
  await makeFriends(t, me.user.id, pal.id);
  const made = { pending: [] as string[], active: [] as string[] };
  for (let i = 0; i < 23; i += 1) {
    const [a, b] = i % 2 ? [me.user.id, pal.id] : [pal.id, me.user.id];
    made.pending.push((await insertBet(t, { createdBy: a, opponentId: b })).id);
    made.active.push((await insertBet(t, { createdBy: b, opponentId: a, status: 'active' })).id);
  }
  // Ten of each at one instant, across the first page's end: only the id orders them.
  const tied = [...made.pending.slice(13), ...made.active.slice(13)];
  await t.db.update(bets).set({ createdAt: new Date(Date.UTC(2020, 0, 1)) }).where(inArray(bets.id, tied));
  const party = or(eq(bets.createdBy, me.user.id), eq(bets.opponentId, me.user.id));
  const mine = await (await me.agent.api.bets.mine.$get()).json();
  for (const section of ['pending', 'active'] as const) {
    const first = mine[section];
    expect(first.items).toHaveLength(20);
    // A bet placed meanwhile does not shift the next page.
    if (section === 'pending') await insertBet(t, { createdBy: pal.id, opponentId: me.user.id });
    const second = await (await me.agent.api.bets.mine[section].$get({ query: { cursor: String(first.nextCursor) } })).json();
    expect(second.nextCursor).toBeNull();
    const expected = (
      await t.db.select({ id: bets.id }).from(bets).where(and(party, inArray(bets.id, made[section]))).orderBy(desc(bets.createdAt), desc(bets.id))
    ).map((r) => r.id);
    expect([...first.items, ...second.items].map((b) => b.id)).toEqual(expected);
    expect([...first.items, ...second.items].every((b) => b.status === section)).toBe(true);
  }
  expect((await me.agent.api.bets.mine.active.$get({ query: { cursor: 'garbage' } })).status).toBe(400);
});

test('notification summary: unread count and pending actions, mark all read', async () => {
  const me = await signedInUser(t);
  const pal = await insertUser(t);
  await makeFriends(t, me.user.id, pal.id);
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toEqual({ unreadCount: 0, hasPendingAction: false });

  const pending = await insertBet(t, { createdBy: pal.id, opponentId: me.user.id });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: true });
  await t.db.delete(bets).where(eq(bets.id, pending.id));

  // My own pending bet or my own void request waits on the other party, not me.
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.id });
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.id, status: 'active', voidRequestedBy: me.user.id });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: false });

  const theirVoid = await insertBet(t, { createdBy: me.user.id, opponentId: pal.id, status: 'active', voidRequestedBy: pal.id });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: true });
  await t.db.delete(bets).where(eq(bets.id, theirVoid.id));

  const lost = await insertBet(t, { createdBy: pal.id, opponentId: me.user.id, winnerId: pal.id });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: true });
  await t.db.update(bets).set({ paymentSent: true }).where(eq(bets.id, lost.id));
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: false });

  const won = await insertBet(t, { createdBy: me.user.id, opponentId: pal.id, winnerId: me.user.id, paymentSent: true });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toMatchObject({ hasPendingAction: true });
  await t.db.update(bets).set({ paymentConfirmed: true }).where(eq(bets.id, won.id));

  await t.db.insert(notifications).values([
    { userId: me.user.id, type: 'bet_accepted', betId: won.id },
    { userId: me.user.id, type: 'bet_completed', betId: won.id },
  ]);
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toEqual({ unreadCount: 2, hasPendingAction: false });
  expect(await (await me.agent.api.notifications['read-all'].$post()).json()).toEqual({ marked: 2 });
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toEqual({ unreadCount: 0, hasPendingAction: false });
  const unread = await t.db.select().from(notifications).where(and(eq(notifications.userId, me.user.id), eq(notifications.isRead, false)));
  expect(unread).toEqual([]);
});
