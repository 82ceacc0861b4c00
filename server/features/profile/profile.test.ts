import { afterAll, beforeAll, expect, test } from 'vitest';
import { aggregateResults, deriveStats } from '#domain/stats.ts';
import { friendRequests } from '#server/db/schema/friends.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

test('a new profile reads zero everywhere', async () => {
  const me = await signedInUser(t, { phone: '(555) 222-3333', venmoHandle: '@me-pay' });
  const res = await me.agent.api.profile.$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    profile: {
      id: me.user.id,
      name: me.input.name,
      username: me.input.username,
      image: null,
      email: me.input.email,
      phone: '5552223333',
      venmoHandle: 'me-pay',
      cashtag: null,
      paypalMe: null,
      createdAt: me.user.createdAt.toISOString(),
    },
    stats: { wins: 0, losses: 0, totalBets: 0, winRate: 0, streak: 0, netWinnings: 0, friendsCount: 0 },
    payerRecord: { onTime: 0, total: 0, unpaid: 0 },
    friends: { items: [], total: 0 },
    pendingRequestCount: 0,
  });
});

test('the profile shows the first 6 friends by name, the total and pending requests', async () => {
  const me = await signedInUser(t);
  const friends = [];
  for (const name of ['Hank', 'Gail', 'Fred', 'Erin', 'Dave', 'Cleo', 'Bert', 'Abby']) {
    const friend = await insertUser(t, { name });
    await makeFriends(t, me.user.id, friend.id);
    friends.push(friend);
  }
  const asker = await insertUser(t);
  await t.db.insert(friendRequests).values({ requesterId: asker.id, requestedId: me.user.id });
  const screen = await (await me.agent.api.profile.$get()).json();
  expect(screen.friends.total).toBe(8);
  expect(screen.friends.items.map((f) => f.name)).toEqual(['Abby', 'Bert', 'Cleo', 'Dave', 'Erin', 'Fred']);
  expect(screen.pendingRequestCount).toBe(1);
  expect(screen.stats.friendsCount).toBe(8);
});

test('statistics from completed bets match the reference rules (SQL == domain)', async () => {
  const me = await signedInUser(t);
  const rival = await insertUser(t);
  // Oldest first: W20, L5, L15, W1, W7, W3 -> latest run is three wins.
  const sequence: [boolean, number][] = [
    [true, 20],
    [false, 5],
    [false, 15],
    [true, 1],
    [true, 7],
    [true, 3],
  ];
  for (const [won, amount] of sequence) {
    await insertBet(t, {
      createdBy: me.user.id,
      opponentId: rival.id,
      amount,
      winnerId: won ? me.user.id : rival.id,
    });
  }
  await insertBet(t, { createdBy: me.user.id, opponentId: rival.id, status: 'active' });
  await insertBet(t, { createdBy: rival.id, opponentId: me.user.id });

  const stats = (await (await me.agent.api.profile.$get()).json()).stats;
  const expected = deriveStats(
    aggregateResults(sequence.map(([won, amount]) => ({ won, amount })).reverse(), 0),
  );
  expect(stats).toEqual(expected);
  expect(stats).toMatchObject({
    wins: 4,
    losses: 2,
    totalBets: 6,
    winRate: 66.7,
    streak: 3,
    netWinnings: 11,
  });

  // The rival sees the mirror image: a three-bet losing streak.
  const rivalAgent = await signedInUser(t);
  await makeFriends(t, rivalAgent.user.id, rival.id);
  const card = await (await rivalAgent.agent.api.users[':id'].$get({ param: { id: rival.id } })).json();
  expect(card.stats).toMatchObject({ wins: 2, losses: 4, streak: -3, netWinnings: -11, winRate: 33.3 });
});

test('editing the profile validates, normalizes and keeps usernames unique', async () => {
  const me = await signedInUser(t);
  const other = await signedInUser(t, { username: 'TakenName' });
  const missing = await me.agent.api.profile.$patch({
    json: { name: '', username: 'x', phone: '1', venmoHandle: 'v' },
  });
  expect(missing.status).toBe(422);
  expect(await errorOf(missing)).toMatchObject({
    error: { code: 'VALIDATION_FAILED', message: 'Please fill in all fields.' },
  });

  const badPhone = await me.agent.api.profile.$patch({
    json: { name: 'A', username: 'abc', phone: '123', venmoHandle: 'v' },
  });
  expect(await errorOf(badPhone)).toMatchObject({
    error: { message: 'Please enter a valid 10-digit US phone number.' },
  });

  const taken = await me.agent.api.profile.$patch({
    json: { name: 'A', username: 'takenNAME', phone: '5551112222', venmoHandle: 'v' },
  });
  expect(taken.status).toBe(409);
  expect(await errorOf(taken)).toMatchObject({
    error: { code: 'USERNAME_TAKEN', message: 'This username is already taken. Please choose another.' },
  });

  const ok = await me.agent.api.profile.$patch({
    json: { name: '  New Name ', username: 'Fresh.Name', phone: '(555) 111-2222', venmoHandle: '@fresh' },
  });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({
    name: 'New Name',
    username: 'Fresh.Name',
    phone: '5551112222',
    venmoHandle: 'fresh',
  });
  // Keeping your own username is not a conflict; it now logs in under the new name.
  const same = await me.agent.api.profile.$patch({
    json: { name: 'N', username: 'fresh.name', phone: '5551112222', venmoHandle: 'fresh' },
  });
  expect(same.status).toBe(200);
  const login = await createAgent(t).post('/api/auth/sign-in/username', {
    username: 'Fresh.Name',
    password: me.input.password,
  });
  expect(login.status).toBe(200);
  expect(other.user.username).toBe('takenname');
});

test('the Cash App $cashtag and PayPal.me username are optional, checked and stored without the $', async () => {
  const me = await signedInUser(t);
  const base = { name: 'Ana', username: me.input.username, phone: '5551112222', venmoHandle: 'ana' };
  const refused = async (json: Record<string, string | null>) => {
    const res = await me.agent.api.profile.$patch({ json: { ...base, ...json } });
    expect(res.status).toBe(422);
    const { error } = await errorOf(res);
    return { ...error, issues: error.issues ?? [] };
  };
  const badCashtag = {
    path: 'cashtag',
    message: 'A $cashtag is $ and up to 20 letters, numbers or underscores, starting with a letter.',
  };
  const badPaypal = { path: 'paypalMe', message: 'A PayPal.me username is up to 20 letters or numbers.' };
  for (const cashtag of ['$1ana', '$_ana', '$ana-b', `$a${'b'.repeat(20)}`, '$', '$$ana', '$ana b'])
    expect(await refused({ cashtag })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: badCashtag.message,
      issues: [badCashtag],
    });
  for (const paypalMe of ['ana_b', 'ana.b', 'paypal.me/ana', 'a'.repeat(21), '@ana'])
    expect(await refused({ paypalMe })).toMatchObject({ message: badPaypal.message, issues: [badPaypal] });
  // Both wrong: each field is named.
  expect((await refused({ cashtag: '$9', paypalMe: 'x-y' })).issues).toEqual([badCashtag, badPaypal]);
  // Another field's failure does not hide theirs.
  expect((await refused({ phone: '12', cashtag: '$9' })).issues.map((issue) => issue.path)).toEqual([
    'phone',
    'cashtag',
  ]);
  // Not a string: refused by the schema, never a 500.
  const wrongType = await me.agent.request('/api/profile', {
    method: 'PATCH',
    json: { ...base, cashtag: 5 },
  });
  expect(wrongType.status).toBe(422);

  const saved = await me.agent.api.profile.$patch({
    json: { ...base, cashtag: ' $Ana_B1 ', paypalMe: 'AnaB2024' },
  });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({ cashtag: 'Ana_B1', paypalMe: 'AnaB2024' });
  expect((await (await me.agent.api.profile.$get()).json()).profile).toMatchObject({
    cashtag: 'Ana_B1',
    paypalMe: 'AnaB2024',
  });
  // Without the $ is the same cashtag.
  expect(
    await (await me.agent.api.profile.$patch({ json: { ...base, cashtag: 'Ana_B1' } })).json(),
  ).toMatchObject({ cashtag: 'Ana_B1' });
  // Absent: kept (a client that predates the fields); blank or null: removed.
  expect(await (await me.agent.api.profile.$patch({ json: base })).json()).toMatchObject({
    cashtag: 'Ana_B1',
    paypalMe: 'AnaB2024',
  });
  const cleared = await me.agent.api.profile.$patch({ json: { ...base, cashtag: '  ', paypalMe: null } });
  expect(await cleared.json()).toMatchObject({ cashtag: null, paypalMe: null });
});

test('the database itself refuses a malformed cashtag or PayPal.me username', async () => {
  await expect(insertUser(t, { cashtag: '$ana' })).rejects.toThrow();
  await expect(insertUser(t, { paypalMe: 'ana/1' })).rejects.toThrow();
  expect((await insertUser(t, { cashtag: 'ana_1', paypalMe: 'ana1' })).cashtag).toBe('ana_1');
});

test('profile routes need a session', async () => {
  const anon = createAgent(t);
  expect((await anon.api.profile.$get()).status).toBe(401);
  // An empty body: the session is checked before the body, so it needs no valid one.
  expect((await anon.request('/api/profile', { method: 'PATCH', json: {} })).status).toBe(401);
  expect((await anon.api.users[':id'].$get({ param: { id: 'someone' } })).status).toBe(401);
});

test("a stranger's card has no stats, friends or bets; a friend's has all three", async () => {
  const viewer = await signedInUser(t);
  const stranger = await insertUser(t);
  const strangersFriend = await insertUser(t);
  await makeFriends(t, stranger.id, strangersFriend.id);
  await insertBet(t, { createdBy: stranger.id, opponentId: strangersFriend.id, winnerId: stranger.id });

  const card = await (await viewer.agent.api.users[':id'].$get({ param: { id: stranger.id } })).json();
  expect(card).toEqual({
    user: {
      id: stranger.id,
      name: stranger.name,
      username: stranger.displayUsername,
      image: null,
      joinedAt: stranger.createdAt.toISOString(),
    },
    relationship: 'none',
    requestId: null,
  });
  expect(JSON.stringify(card)).not.toContain(strangersFriend.id);

  await makeFriends(t, viewer.user.id, stranger.id);
  const friendCard = await (await viewer.agent.api.users[':id'].$get({ param: { id: stranger.id } })).json();
  expect(friendCard.relationship).toBe('friend');
  expect(friendCard.stats).toMatchObject({
    wins: 1,
    losses: 0,
    totalBets: 1,
    winRate: 100,
    streak: 1,
    netWinnings: 10,
    friendsCount: 2,
  });
  const theirFriends = { items: [], total: 0, ...friendCard.friends };
  expect(theirFriends.total).toBe(2);
  expect(theirFriends.items.map((f) => [f.id, f.relationship]).sort()).toEqual(
    [
      [strangersFriend.id, 'none'],
      [viewer.user.id, 'self'],
    ].sort(),
  );
  const recent = { items: [], total: 0, ...friendCard.recentBets };
  expect(recent.total).toBe(1);
  expect(recent.items[0]).toMatchObject({
    status: 'completed',
    winnerId: stranger.id,
    creator: { id: stranger.id },
    opponent: { id: strangersFriend.id },
  });
});

test("a friend's card lists 8 friends and 5 recent bets with totals, hiding bets the viewer may not see", async () => {
  const viewer = await signedInUser(t);
  const pal = await insertUser(t);
  await makeFriends(t, viewer.user.id, pal.id);
  for (let i = 0; i < 9; i += 1) await makeFriends(t, pal.id, (await insertUser(t)).id);
  const outsider = await insertUser(t);
  for (let i = 0; i < 5; i += 1) await insertBet(t, { createdBy: pal.id, opponentId: viewer.user.id });
  // The newest at odds: the list names both stakes (ADR 062).
  const odds = await insertBet(t, {
    createdBy: pal.id,
    opponentId: viewer.user.id,
    amount: 20,
    opponentStake: 10,
  });
  // Created by someone the viewer does not know: not visible to the viewer (spec's feed rule).
  const hidden = await insertBet(t, { createdBy: outsider.id, opponentId: pal.id });

  const card = await (await viewer.agent.api.users[':id'].$get({ param: { id: pal.id } })).json();
  const friends = { items: [], total: 0, ...card.friends };
  expect(friends.items).toHaveLength(8);
  expect(friends.total).toBe(10);
  const recent = { items: [], total: 0, ...card.recentBets };
  expect(recent.items).toHaveLength(5);
  expect(recent.total).toBe(6);
  expect(recent.items.map((b) => b.id)).not.toContain(hidden.id);
  expect(recent.items.find((b) => b.id === odds.id)).toMatchObject({
    amount: 20,
    creatorStake: 20,
    opponentStake: 10,
  });
});

test('a pending request shows on both cards with its id', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } });
  const fromAlice = await (await alice.agent.api.users[':id'].$get({ param: { id: bob.user.id } })).json();
  const fromBob = await (await bob.agent.api.users[':id'].$get({ param: { id: alice.user.id } })).json();
  expect(fromAlice.relationship).toBe('request_sent');
  expect(fromBob.relationship).toBe('request_received');
  expect(fromBob.requestId).toBe(fromAlice.requestId);
  expect(fromAlice.stats).toBeUndefined();
});

test('an unknown user card is a 404', async () => {
  const viewer = await signedInUser(t);
  expect((await viewer.agent.api.users[':id'].$get({ param: { id: 'nobody-here' } })).status).toBe(404);
});

test('payer record: paid within 3 days of resolution, counted once resolved over 3 days ago or paid, at the boundary', async () => {
  const me = await signedInUser(t);
  const winner = await insertUser(t);
  const viewer = await signedInUser(t);
  await makeFriends(t, viewer.user.id, me.user.id);
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const at = (ms: number) => new Date(ms);
  const lost = (amount: number, completedAt: Date, paidAt?: Date) =>
    insertBet(t, {
      createdBy: me.user.id,
      opponentId: winner.id,
      winnerId: winner.id,
      amount,
      completedAt,
      paymentSent: paidAt !== undefined,
      paidAt,
    });
  await lost(7, at(now - 3 * day - 60_000)); // unpaid, resolved just over 3 days ago: counted, late
  await lost(11, at(now - 3 * day + 60_000)); // unpaid, not yet 3 days: not counted
  const resolved = now - 10 * day;
  await lost(5, at(resolved), at(resolved + 3 * day - 60_000)); // on time
  await lost(5, at(resolved), at(resolved + 3 * day)); // exactly 3 days: on time
  await lost(5, at(resolved), at(resolved + 3 * day + 1000)); // a second late
  await lost(5, at(now - 60_000), at(now)); // paid at once: counted, on time
  await insertBet(t, {
    createdBy: me.user.id,
    opponentId: winner.id,
    winnerId: me.user.id,
    amount: 50,
    completedAt: at(now - 9 * day),
  }); // won: not theirs to pay

  const expected = { onTime: 3, total: 5, unpaid: 18 };
  expect((await (await me.agent.api.profile.$get()).json())['payerRecord']).toEqual(expected);
  expect(
    (await (await viewer.agent.api.users[':id'].$get({ param: { id: me.user.id } })).json())['payerRecord'],
  ).toEqual(expected);
  // Not a friend: no record.
  expect(
    (await (await me.agent.api.users[':id'].$get({ param: { id: viewer.user.id } })).json())['payerRecord'],
  ).toEqual({ onTime: 0, total: 0, unpaid: 0 });
  const stranger = await signedInUser(t);
  expect(
    await (await stranger.agent.api.users[':id'].$get({ param: { id: me.user.id } })).json(),
  ).not.toHaveProperty('payerRecord');
});
