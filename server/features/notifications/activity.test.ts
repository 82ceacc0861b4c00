import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { activitySentence } from '#domain/notifications.ts';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

async function activity(agent: Agent, cursor?: string) {
  const res = await agent.api.activity.$get({ query: cursor ? { cursor } : {} });
  expect(res.status).toBe(200);
  return res.json();
}

/** Every inbox line of a user, rendered as the web renders it. */
async function sentences(user: SignedIn) {
  const { items } = await activity(user.agent);
  return items.map((item) => activitySentence(item, user.user.id));
}

async function friendsPair(names: [string, string] = ['Cleo Creator', 'Otto Opponent']) {
  const a = await signedInUser(t, { name: names[0] });
  const b = await signedInUser(t, { name: names[1] });
  await makeFriends(t, a.user.id, b.user.id);
  return [a, b] as const;
}

async function placeBet(creator: SignedIn, opponent: SignedIn, description: string, amount = 15) {
  const res = await creator.agent.api.bets.$post({ json: { description, opponentId: opponent.user.id, amount } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

test('the bet page shows the feed card and actions to both parties and the creator’s friends; strangers get 404', async () => {
  const [creator, opponent] = await friendsPair();
  const creatorsFriend = await signedInUser(t);
  const opponentsFriend = await signedInUser(t);
  const stranger = await signedInUser(t);
  await makeFriends(t, creator.user.id, creatorsFriend.user.id);
  await makeFriends(t, opponent.user.id, opponentsFriend.user.id);
  const betId = await placeBet(creator, opponent, 'Lakers win tonight', 25);
  await creatorsFriend.agent.api.bets[':id'].like.$put({ param: { id: betId } });

  const forOpponent = await (await opponent.agent.api.bets[':id'].$get({ param: { id: betId } })).json();
  expect(forOpponent).toMatchObject({
    id: betId,
    description: 'Lakers win tonight',
    amount: 25,
    status: 'pending',
    creator: { id: creator.user.id, name: 'Cleo Creator' },
    opponent: { id: opponent.user.id, name: 'Otto Opponent' },
    winner: null,
    likeCount: 1,
    likedByMe: false,
    commentCount: 0,
    voidRequestedBy: null,
    paymentSent: false,
    actions: ['accept', 'decline', 'counter'],
  });
  expect(await (await creator.agent.api.bets[':id'].$get({ param: { id: betId } })).json()).toMatchObject({ actions: [] });
  expect(await (await creatorsFriend.agent.api.bets[':id'].$get({ param: { id: betId } })).json()).toMatchObject({ likedByMe: true, actions: [] });

  // The feed's rule: the opponent's friends do not see the creator's bets, nor does anyone else.
  for (const outsider of [opponentsFriend, stranger]) {
    const res = await outsider.agent.api.bets[':id'].$get({ param: { id: betId } });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'Bet not found.' } });
  }
  expect((await creator.agent.api.bets[':id'].$get({ param: { id: '7a4c1b1e-3f3a-4a8e-9d55-2f1f0f3c9b10' } })).status).toBe(404);
  expect((await creator.agent.api.bets[':id'].$get({ param: { id: 'not-a-uuid' } })).status).toBe(422);
  expect((await createAgent(t).api.bets[':id'].$get({ param: { id: betId } })).status).toBe(401);
});

test('the bet page lists what the viewer may do in each state', async () => {
  const [creator, opponent] = await friendsPair();
  const actionsOf = async (user: SignedIn, id: string) => (await (await user.agent.api.bets[':id'].$get({ param: { id } })).json()).actions;
  const active = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  expect(await actionsOf(creator, active.id)).toEqual(['resolve', 'requestVoid']);
  const voiding = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active', voidRequestedBy: creator.user.id });
  expect(await actionsOf(creator, voiding.id)).toEqual(['resolve', 'cancelVoid']);
  expect(await actionsOf(opponent, voiding.id)).toEqual(['resolve', 'confirmVoid', 'keepBet']);
  const lost = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, winnerId: opponent.user.id });
  expect(await actionsOf(creator, lost.id)).toEqual(['markPaid']);
  expect(await actionsOf(opponent, lost.id)).toEqual([]);
  const paid = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, winnerId: opponent.user.id, paymentSent: true });
  expect(await actionsOf(opponent, paid.id)).toEqual(['confirmPayment']);
  expect(await actionsOf(creator, paid.id)).toEqual([]);
});

test('each bet event writes one line for the other party, with the issue’s sentence', async () => {
  const [creator, opponent] = await friendsPair();
  const betId = await placeBet(creator, opponent, 'Rain on Friday', 20);
  expect(await sentences(opponent)).toEqual(['Cleo Creator challenged you: Rain on Friday']);

  expect((await opponent.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: { prediction: 'Sunny!' } })).status).toBe(200);
  expect((await creator.agent.api.bets[':id'].comments.$post({ param: { id: betId }, json: { text: 'We will see' } })).status).toBe(201);
  expect((await opponent.agent.api.bets[':id'].resolve.$post({ param: { id: betId }, json: { outcome: 'lost' } })).status).toBe(200);
  expect((await opponent.agent.api.bets[':id']['payment-sent'].$post({ param: { id: betId } })).status).toBe(200);
  expect((await creator.agent.api.bets[':id']['payment-confirmed'].$post({ param: { id: betId } })).status).toBe(200);

  expect(await sentences(creator)).toEqual([
    'Otto Opponent marked $20 as paid',
    'You won: Rain on Friday',
    'Otto Opponent accepted your bet: Rain on Friday',
  ]);
  expect(await sentences(opponent)).toEqual([
    'Cleo Creator confirmed your $20 payment',
    'Cleo Creator commented on Rain on Friday',
    'Cleo Creator challenged you: Rain on Friday',
  ]);
  const { items } = await activity(creator.agent);
  expect(items.every((item) => item.betId === betId && item.actor?.id === opponent.user.id && !item.isRead)).toBe(true);
});

test('the winner text goes to the party who did not resolve: "<Name> won" when the resolver won', async () => {
  const [creator, opponent] = await friendsPair(['Wendy Winner', 'Larry Loser']);
  const betId = await placeBet(creator, opponent, 'Chess match');
  await opponent.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} });
  await creator.agent.api.bets[':id'].resolve.$post({ param: { id: betId }, json: { outcome: 'won' } });
  expect((await sentences(opponent))[0]).toBe('Wendy Winner won: Chess match');
  expect(await sentences(creator)).toEqual(['Larry Loser accepted your bet: Chess match']);
});

test('declined and voided bets keep their lines (with the description, without a link) after the bet is deleted', async () => {
  const [creator, opponent] = await friendsPair();
  const declined = await placeBet(creator, opponent, 'Declined one');
  expect((await opponent.agent.api.bets[':id'].decline.$post({ param: { id: declined } })).status).toBe(200);
  const voided = await placeBet(creator, opponent, 'Voided one');
  await opponent.agent.api.bets[':id'].accept.$post({ param: { id: voided }, json: {} });
  expect((await opponent.agent.api.bets[':id'].void.$post({ param: { id: voided } })).status).toBe(200);
  expect((await creator.agent.api.bets[':id'].void.$post({ param: { id: voided } })).status).toBe(200);

  expect(await sentences(creator)).toEqual([
    'Otto Opponent asked to void: Voided one',
    'Otto Opponent accepted your bet: Voided one',
    'Otto Opponent declined your bet: Declined one',
  ]);
  expect(await sentences(opponent)).toEqual([
    'Cleo Creator voided: Voided one',
    'Cleo Creator challenged you: Voided one',
    'Cleo Creator challenged you: Declined one',
  ]);
  const { items } = await activity(opponent.agent);
  // The bets are gone: every line about them stays, without a link.
  expect(items.map((item) => item.betId)).toEqual([null, null, null]);
});

test('refused changes write no line, and 20 racing accepts write exactly one', async () => {
  const [creator, opponent] = await friendsPair();
  const stranger = await signedInUser(t);
  const betId = await placeBet(creator, opponent, 'Race');
  expect((await stranger.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })).status).toBe(404);
  expect((await creator.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })).status).toBe(403);
  expect((await creator.agent.api.bets[':id'].resolve.$post({ param: { id: betId }, json: { outcome: 'won' } })).status).toBe(409);
  expect((await stranger.agent.api.bets[':id'].comments.$post({ param: { id: betId }, json: { text: 'hi' } })).status).toBe(404);
  expect(await sentences(creator)).toEqual([]);

  const results = await Promise.all(Array.from({ length: 20 }, () => opponent.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })));
  expect(results.filter((res) => res.status === 200)).toHaveLength(1);
  expect(results.filter((res) => res.status === 409)).toHaveLength(19);
  expect(await sentences(creator)).toEqual(['Otto Opponent accepted your bet: Race']);
});

test('a change and its line commit together: when the line cannot be written, the change rolls back', async () => {
  const [creator, opponent] = await friendsPair();
  const betId = await placeBet(creator, opponent, 'Atomic');
  // Make writing this one line fail, after the accept's UPDATE has run in the same transaction.
  await t.db.execute(
    sql.raw(`create function refuse_line() returns trigger language plpgsql as $$
      begin if new.type = 'bet_accepted' and new.user_id = '${creator.user.id}' then raise exception 'line refused'; end if; return new; end $$`),
  );
  await t.db.execute(sql.raw('create trigger refuse_line before insert on notification for each row execute function refuse_line()'));
  try {
    expect((await opponent.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })).status).toBe(500);
    expect(t.takeServerErrors()).toHaveLength(1);
  } finally {
    await t.db.execute(sql.raw('drop trigger refuse_line on notification'));
    await t.db.execute(sql.raw('drop function refuse_line()'));
  }
  expect(await (await opponent.agent.api.bets[':id'].$get({ param: { id: betId } })).json()).toMatchObject({ status: 'pending' });
  expect(await sentences(creator)).toEqual([]);
  // And once it can be written, the accept and its line land together.
  expect((await opponent.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })).status).toBe(200);
  expect(await sentences(creator)).toEqual(['Otto Opponent accepted your bet: Atomic']);
});

test('a comment tells both parties but not the commenter; a friend’s comment tells both', async () => {
  const [creator, opponent] = await friendsPair();
  const pal = await signedInUser(t, { name: 'Pat Pal' });
  await makeFriends(t, creator.user.id, pal.user.id);
  const betId = await placeBet(creator, opponent, 'Commented');
  await pal.agent.api.bets[':id'].comments.$post({ param: { id: betId }, json: { text: 'Go Cleo' } });
  expect((await sentences(creator))[0]).toBe('Pat Pal commented on Commented');
  expect((await sentences(opponent))[0]).toBe('Pat Pal commented on Commented');
  expect(await sentences(pal)).toEqual([]);
});

test('friend requests: received and accepted lines, also when a crossing request accepts', async () => {
  const ann = await signedInUser(t, { name: 'Ann Asker' });
  const bob = await signedInUser(t, { name: 'Bob Answerer' });
  expect((await ann.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } })).status).toBe(201);
  expect(await sentences(bob)).toEqual(['Ann Asker sent you a friend request']);
  const { items } = await activity(bob.agent);
  expect(items[0]).toMatchObject({ type: 'friend_request_received', actor: { id: ann.user.id }, betId: null });
  const requests = (await (await bob.agent.api['friend-requests'].$get()).json()).items;
  expect((await bob.agent.api['friend-requests'][':id'].accept.$post({ param: { id: String(requests[0]?.id) } })).status).toBe(200);
  expect(await sentences(ann)).toEqual(['Bob Answerer accepted your friend request']);

  const cat = await signedInUser(t, { name: 'Cat Crossing' });
  await ann.agent.api['friend-requests'].$post({ json: { userId: cat.user.id } });
  expect((await cat.agent.api['friend-requests'].$post({ json: { userId: ann.user.id } })).status).toBe(200);
  expect((await sentences(ann))[0]).toBe('Cat Crossing accepted your friend request');
  expect(await sentences(cat)).toEqual(['Ann Asker sent you a friend request']);
  // A refused request (already friends) writes nothing.
  expect((await cat.agent.api['friend-requests'].$post({ json: { userId: ann.user.id } })).status).toBe(409);
  expect(await sentences(ann)).toHaveLength(2);
});

test('the inbox pages newest first, 20 at a time, stable while new lines arrive; only my lines', async () => {
  const me = await signedInUser(t);
  const actor = await insertUser(t, { name: 'Ada Actor', image: '/api/avatars/x.webp' });
  const other = await insertUser(t);
  const base = Date.UTC(2026, 2, 1);
  await t.db.insert(notifications).values(
    Array.from({ length: 45 }, (_, i) => ({
      userId: me.user.id,
      type: 'friend_request_received' as const,
      actorId: actor.id,
      // Pairs share a timestamp: the id breaks the tie.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  );
  await t.db.insert(notifications).values({ userId: other.id, type: 'friend_request_received', actorId: actor.id });

  const first = await activity(me.agent);
  expect(first.items).toHaveLength(20);
  expect(first.items[0]).toMatchObject({ actor: { id: actor.id, name: 'Ada Actor', image: '/api/avatars/x.webp' } });
  await t.db.insert(notifications).values({ userId: me.user.id, type: 'invite_joined', actorId: actor.id });
  const second = await activity(me.agent, first.nextCursor ?? '');
  const third = await activity(me.agent, second.nextCursor ?? '');
  expect(third.items).toHaveLength(5);
  expect(third.nextCursor).toBeNull();
  const all = [first, second, third].flatMap((page) => page.items);
  expect(new Set(all.map((item) => item.id)).size).toBe(45);
  const keys = all.map((item) => `${item.createdAt}|${item.id}`);
  expect(keys).toEqual([...keys].sort().reverse());
  expect((await me.agent.api.activity.$get({ query: { cursor: 'garbage' } })).status).toBe(400);
  expect((await createAgent(t).api.activity.$get({ query: {} })).status).toBe(401);
});

test('an empty inbox is an empty page', async () => {
  const me = await signedInUser(t);
  expect(await activity(me.agent)).toEqual({ items: [], nextCursor: null });
});

test('marking read covers what the inbox showed, not lines that arrived later, and only mine', async () => {
  const [creator, opponent] = await friendsPair();
  await placeBet(creator, opponent, 'First');
  await placeBet(creator, opponent, 'Second');
  const shown = await activity(opponent.agent);
  const summary = async () => (await opponent.agent.api.notifications.summary.$get()).json();
  expect(await summary()).toMatchObject({ unreadCount: 2 });
  await placeBet(creator, opponent, 'Arrived later');
  const newest = shown.items[0];
  if (!newest) throw new Error('no line');

  const res = await opponent.agent.api.activity.read.$post({ json: { through: { createdAt: newest.createdAt, id: newest.id } } });
  expect(await res.json()).toEqual({ marked: 2 });
  expect(await summary()).toMatchObject({ unreadCount: 1 });
  const after = await activity(opponent.agent);
  expect(after.items.map((item) => [item.data.description, item.isRead])).toEqual([
    ['Arrived later', false],
    ['Second', true],
    ['First', true],
  ]);
  // Someone else's "through" cannot touch my lines, and a bad body is a 422.
  expect(await (await creator.agent.api.activity.read.$post({ json: { through: { createdAt: new Date().toISOString(), id: newest.id } } })).json()).toEqual({ marked: 0 });
  expect(await summary()).toMatchObject({ unreadCount: 1 });
  expect((await opponent.agent.api.activity.read.$post({ json: { through: { createdAt: 'yesterday', id: 'x' } } })).status).toBe(422);
  expect((await createAgent(t).api.activity.read.$post({ json: { through: { createdAt: newest.createdAt, id: newest.id } } })).status).toBe(401);
});

test('Waiting on You holds exactly what needs me, and the red dot agrees with it', async () => {
  const [me, pal] = await friendsPair(['Mia Me', 'Pal Paul']);
  const waiting = async () => (await me.agent.api.activity.waiting.$get()).json();
  const hasAction = async () => (await (await me.agent.api.notifications.summary.$get()).json()).hasPendingAction;
  expect(await waiting()).toEqual({ bets: [], friendRequests: [], pots: [] });
  expect(await hasAction()).toBe(false);

  const toAnswer = await insertBet(t, { createdBy: pal.user.id, opponentId: me.user.id });
  const toConfirmVoid = await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, status: 'active', voidRequestedBy: pal.user.id });
  const toPay = await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, winnerId: pal.user.id });
  const toConfirmPayment = await insertBet(t, { createdBy: pal.user.id, opponentId: me.user.id, winnerId: me.user.id, paymentSent: true });
  // None of these waits on me.
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id });
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, status: 'active', voidRequestedBy: me.user.id });
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, winnerId: me.user.id });
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, winnerId: pal.user.id, paymentSent: true });
  await insertBet(t, { createdBy: me.user.id, opponentId: pal.user.id, winnerId: me.user.id, paymentSent: true, paymentConfirmed: true });

  const result = await waiting();
  expect(result.bets.map((b) => [b.id, b.reason])).toEqual([
    [toConfirmPayment.id, 'confirm_payment'],
    [toPay.id, 'pay'],
    [toConfirmVoid.id, 'confirm_void'],
    [toAnswer.id, 'answer'],
  ]);
  expect(await hasAction()).toBe(true);

  // Only a friend request: the dot is still on (ADR: the dot and 'Waiting on You' agree).
  await t.db.delete(bets).where(inArray(bets.id, [toAnswer.id, toConfirmVoid.id, toPay.id, toConfirmPayment.id]));
  expect(await hasAction()).toBe(false);
  const rita = await signedInUser(t, { name: 'Rita Real' });
  await rita.agent.api['friend-requests'].$post({ json: { userId: me.user.id } });
  await me.agent.api.notifications['read-all'].$post();
  const withRequest = await waiting();
  expect(withRequest.bets).toEqual([]);
  expect(withRequest.friendRequests).toMatchObject([{ requester: { id: rita.user.id, name: 'Rita Real' } }]);
  expect(await (await me.agent.api.notifications.summary.$get()).json()).toEqual({ unreadCount: 0, hasPendingAction: true });
  expect((await createAgent(t).api.activity.waiting.$get()).status).toBe(401);
});

test('a bet event publishes a notifications change to its recipient only', async () => {
  const [creator, opponent] = await friendsPair();
  const seen: string[] = [];
  const stopOpponent = t.deps.events.subscribe(opponent.user.id, (event) => seen.push(`opponent:${event.kind}`));
  const stopCreator = t.deps.events.subscribe(creator.user.id, (event) => seen.push(`creator:${event.kind}`));
  await placeBet(creator, opponent, 'Live');
  const deadline = Date.now() + 3000;
  while (!seen.includes('opponent:notifications') && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  stopOpponent();
  stopCreator();
  expect(seen).toContain('opponent:notifications');
  expect(seen).not.toContain('creator:notifications');
});

test('old rows of the spec’s four types still read (no snapshot: a generic description)', async () => {
  const me = await signedInUser(t);
  const actor = await insertUser(t, { name: 'Old Row' });
  await t.db.insert(notifications).values({ userId: me.user.id, type: 'bet_accepted', actorId: actor.id });
  expect(await sentences(me)).toEqual(['Old Row accepted your bet: a bet']);
  const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
  expect(row?.data).toEqual({});
});
