import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { friendRequests, friendships } from '#server/db/schema/friends.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const items = async <Item,>(res: { json(): Promise<{ items: Item[] }> }) => (await res.json()).items;

async function search(agent: ReturnType<typeof createAgent>, q: string) {
  return agent.api.users.search.$get({ query: { q } });
}

test('search matches usernames case-insensitively, in part too, and never returns emails or phones', async () => {
  const { agent } = await signedInUser(t);
  const target = await insertUser(t, { username: 'zebra_crossing_77', displayUsername: 'Zebra_Crossing_77' });
  const res = await search(agent, 'ZEBRA_CR');
  expect(res.status).toBe(200);
  const found = await items(res);
  const hit = found.find((u) => u.id === target.id);
  expect(hit).toEqual({ id: target.id, name: target.name, username: 'Zebra_Crossing_77', image: null, relationship: 'none' });
  expect(JSON.stringify(found)).not.toContain('@example.com');
  expect(JSON.stringify(found)).not.toContain(target.phone);
  // The middle of a username matches too (ADR 051), in any case.
  for (const part of ['RA_CROSS', 'crossing', 'Crossing_7', 'ssing_77']) {
    expect((await items(await search(agent, part))).map((u) => u.id), part).toContain(target.id);
  }
  // Two characters are too few for the trigram index: prefixes only.
  expect((await items(await search(agent, '77'))).map((u) => u.id)).not.toContain(target.id);
});

test('prefix matches are ranked before infix matches, at most 10 in all, and infix wildcards are literal', async () => {
  const { agent } = await signedInUser(t);
  const infix: string[] = [];
  for (let i = 0; i < 8; i += 1) infix.push((await insertUser(t, { username: `a${i}_okapi_mid` })).id);
  const prefix: string[] = [];
  for (let i = 0; i < 4; i += 1) prefix.push((await insertUser(t, { username: `okapi_${i}` })).id);
  const found = (await items(await search(agent, 'OKAPI'))).map((u) => u.id);
  expect(found).toHaveLength(10);
  expect(found.slice(0, 4)).toEqual(prefix);
  expect(found.slice(4).every((id) => infix.includes(id))).toBe(true);
  // '%' and '_' in the term match themselves, not anything.
  const percent = await search(agent, 'k%p');
  expect((await items(percent)).map((u) => u.id)).toEqual([]);
  expect((await items(await search(agent, 'pi%mid'))).map((u) => u.id)).toEqual([]);
  expect((await items(await search(agent, 'pi_mid'))).map((u) => u.id).sort()).toEqual([...infix].sort());
});

test('a partial phone number finds nobody; the complete number, formatted or not, finds its owner', async () => {
  const { agent } = await signedInUser(t);
  const target = await insertUser(t, { phone: '4155550199' });
  for (const fragment of ['555-01', '(415) 555', '415555019', '155550199', '0199']) {
    expect((await items(await search(agent, fragment))).map((u) => u.id), fragment).not.toContain(target.id);
  }
  for (const full of ['4155550199', '(415) 555-0199', '+1 415 555 0199', '415.555.0199']) {
    expect((await items(await search(agent, full))).map((u) => u.id), full).toEqual([target.id]);
  }
});

test('the 31st search in a minute is refused with 429, for that user only', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const statuses: number[] = [];
  for (let i = 0; i < 30; i += 1) statuses.push((await search(alice.agent, `term${i}`)).status);
  expect(statuses.every((status) => status === 200)).toBe(true);
  const refused = await search(alice.agent, 'one more');
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await errorOf(refused)).toEqual({
    error: { code: 'RATE_LIMITED', message: 'Too many searches. Please wait a minute and try again.' },
  });
  // Same address, other account: its own budget.
  expect((await search(bob.agent, 'term')).status).toBe(200);
});

test('an underscore in the term is literal, not a wildcard', async () => {
  const { agent } = await signedInUser(t);
  const literal = await insertUser(t, { username: 'quux_lit_aa' });
  const other = await insertUser(t, { username: 'quuxzlitzaa' });
  const ids = (await items(await search(agent, 'quux_lit'))).map((u) => u.id);
  expect(ids).toContain(literal.id);
  expect(ids).not.toContain(other.id);
});

test('search excludes the viewer, current friends and unverified users; marks pending requests', async () => {
  const { agent, user } = await signedInUser(t, { username: 'wombat_self' });
  const friend = await insertUser(t, { username: 'wombat_friend' });
  const unverified = await insertUser(t, { username: 'wombat_unverified', emailVerified: false });
  const asked = await insertUser(t, { username: 'wombat_asked' });
  const asker = await insertUser(t, { username: 'wombat_asker' });
  await makeFriends(t, user.id, friend.id);
  await t.db.insert(friendRequests).values([
    { requesterId: user.id, requestedId: asked.id },
    { requesterId: asker.id, requestedId: user.id },
  ]);
  const found = await items(await search(agent, 'wombat'));
  const byId = new Map(found.map((u) => [u.id, u.relationship]));
  expect(byId.has(user.id)).toBe(false);
  expect(byId.has(friend.id)).toBe(false);
  expect(byId.has(unverified.id)).toBe(false);
  expect(byId.get(asked.id)).toBe('request_sent');
  expect(byId.get(asker.id)).toBe('request_received');
});

test('search returns at most 10 users, exact and prefix matches first', async () => {
  const { agent } = await signedInUser(t);
  for (let i = 0; i < 12; i += 1) await insertUser(t, { username: `xmatch${String(i).padStart(2, '0')}_tail` });
  const exact = await insertUser(t, { username: 'xmatch' });
  const found = await items(await search(agent, 'xmatch'));
  expect(found).toHaveLength(10);
  expect(found[0]?.id).toBe(exact.id);
});

test('a blank search term is refused with 422', async () => {
  const { agent } = await signedInUser(t);
  const res = await search(agent, '   ');
  expect(res.status).toBe(422);
  expect((await errorOf(res)).error.code).toBe('VALIDATION_FAILED');
});

test('friend routes need a session (401)', async () => {
  const anon = createAgent(t);
  for (const res of [
    await anon.api.users.search.$get({ query: { q: 'abc' } }),
    await anon.api.friends.$get({ query: {} }),
    await anon.api['friend-requests'].$get(),
    await anon.api['friend-requests'].$post({ json: { userId: 'x' } }),
    await anon.api.friends[':userId'].$delete({ param: { userId: 'x' } }),
  ]) {
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error.code).toBe('UNAUTHORIZED');
  }
});

test('request, list, accept: both sides become friends', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const sent = await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } });
  expect(sent.status).toBe(201);
  expect(await sent.json()).toEqual({ status: 'pending' });

  const incoming = await items(await bob.agent.api['friend-requests'].$get());
  expect(incoming).toHaveLength(1);
  expect(incoming[0]).toMatchObject({ requester: { id: alice.user.id, name: alice.user.name } });
  const requestId = String(incoming[0]?.id);

  expect((await bob.agent.api['friend-requests'][':id'].accept.$post({ param: { id: requestId } })).status).toBe(200);
  expect((await items(await alice.agent.api.friends.$get({ query: {} }))).map((f) => f.id)).toEqual([bob.user.id]);
  expect((await items(await bob.agent.api.friends.$get({ query: {} }))).map((f) => f.id)).toEqual([alice.user.id]);
  expect(await items(await bob.agent.api['friend-requests'].$get())).toEqual([]);
  // Accepting twice is a conflict, not a second friendship.
  expect((await bob.agent.api['friend-requests'][':id'].accept.$post({ param: { id: requestId } })).status).toBe(409);
});

test('the friends list is every friend by name, then id, with their summary only', async () => {
  const me = await signedInUser(t);
  const stranger = await insertUser(t, { name: 'Aaron' });
  const friends = [];
  for (const name of ['Mia', 'Zoe', 'Abe', 'Mia', 'Bo']) friends.push(await insertUser(t, { name, image: `/avatars/${name}.webp` }));
  for (const friend of friends) await makeFriends(t, me.user.id, friend.id);
  await makeFriends(t, stranger.id, friends[0]?.id ?? '');
  const list = await items(await me.agent.api.friends.$get({ query: {} }));
  const expected = [...friends].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
  expect(list).toEqual(expected.map((f) => ({ id: f.id, name: f.name, username: f.displayUsername, image: f.image })));
});

test('a second request to the same user, or to a friend, is a 409', async () => {
  const alice = await signedInUser(t);
  const bob = await insertUser(t);
  const carol = await insertUser(t);
  await makeFriends(t, alice.user.id, carol.id);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: bob.id } })).status).toBe(201);
  const again = await alice.agent.api['friend-requests'].$post({ json: { userId: bob.id } });
  expect(again.status).toBe(409);
  expect((await errorOf(again)).error.message).toBe('Friend request already sent.');
  const toFriend = await alice.agent.api['friend-requests'].$post({ json: { userId: carol.id } });
  expect(toFriend.status).toBe(409);
  expect((await errorOf(toFriend)).error.message).toBe('You are already friends.');
});

test('requesting someone who already asked you accepts their request', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } })).status).toBe(201);
  const back = await bob.agent.api['friend-requests'].$post({ json: { userId: alice.user.id } });
  expect(back.status).toBe(200);
  expect(await back.json()).toEqual({ status: 'accepted' });
  const rows = await t.db.select().from(friendships).where(eq(friendships.userId, alice.user.id));
  expect(rows.map((r) => r.friendId)).toEqual([bob.user.id]);
});

test('no requests to yourself or to unknown users', async () => {
  const alice = await signedInUser(t);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: alice.user.id } })).status).toBe(422);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: 'no-such-user' } })).status).toBe(404);
  // No userId at all: a body the typed client would not let us send.
  expect((await alice.agent.post('/api/friend-requests', {})).status).toBe(422);
});

test("only the requested user may accept or decline: the requester gets 403, a stranger 404", async () => {
  const alice = await signedInUser(t);
  const bob = await insertUser(t);
  const mallory = await signedInUser(t);
  await alice.agent.api['friend-requests'].$post({ json: { userId: bob.id } });
  const [request] = await t.db.select().from(friendRequests).where(eq(friendRequests.requesterId, alice.user.id));
  const id = String(request?.id);
  expect((await alice.agent.api['friend-requests'][':id'].accept.$post({ param: { id } })).status).toBe(403);
  expect((await alice.agent.api['friend-requests'][':id'].decline.$post({ param: { id } })).status).toBe(403);
  expect((await mallory.agent.api['friend-requests'][':id'].accept.$post({ param: { id } })).status).toBe(404);
  expect((await mallory.agent.api['friend-requests'][':id'].decline.$post({ param: { id } })).status).toBe(404);
  expect((await mallory.agent.api['friend-requests'][':id'].accept.$post({ param: { id: 'not-a-uuid' } })).status).toBe(422);
  const [still] = await t.db.select().from(friendRequests).where(eq(friendRequests.id, id));
  expect(still?.status).toBe('pending');
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, alice.user.id))).toEqual([]);
});

test('declining deletes the request and makes no friendship', async () => {
  const alice = await insertUser(t);
  const bob = await signedInUser(t);
  const [request] = await t.db.insert(friendRequests).values({ requesterId: alice.id, requestedId: bob.user.id }).returning();
  expect((await bob.agent.api['friend-requests'][':id'].decline.$post({ param: { id: String(request?.id) } })).status).toBe(200);
  expect(await t.db.select().from(friendRequests).where(eq(friendRequests.requesterId, alice.id))).toEqual([]);
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, bob.user.id))).toEqual([]);
});

test('removing a friend ends the friendship on both sides', async () => {
  const alice = await signedInUser(t);
  const bob = await insertUser(t);
  await makeFriends(t, alice.user.id, bob.id);
  expect((await alice.agent.api.friends[':userId'].$delete({ param: { userId: bob.id } })).status).toBe(200);
  const left = await t.db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userId, bob.id), eq(friendships.friendId, alice.user.id)));
  expect(left).toEqual([]);
  expect((await alice.agent.api.friends[':userId'].$delete({ param: { userId: bob.id } })).status).toBe(404);
});

test('20 concurrent requests between the same pair leave one pending request or one friendship', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? alice : bob).agent.api['friend-requests'].$post({ json: { userId: (i % 2 === 0 ? bob : alice).user.id } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
  const pending = await t.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.status, 'pending'), eq(friendRequests.requesterId, alice.user.id)));
  const pendingBack = await t.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.status, 'pending'), eq(friendRequests.requesterId, bob.user.id)));
  const friends = await t.db.select().from(friendships).where(eq(friendships.userId, alice.user.id));
  expect(pending.length + pendingBack.length + friends.length).toBe(1);
});

test('the sender sees their pending requests under /sent, newest first, and may cancel one; the other side loses it', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const carol = await insertUser(t);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: carol.id } })).status).toBe(201);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } })).status).toBe(201);

  const sent = await items(await alice.agent.api['friend-requests'].sent.$get());
  expect(sent.map((request) => request.requested.id)).toEqual([bob.user.id, carol.id]);
  expect(sent[0]).toMatchObject({ requested: { id: bob.user.id, name: bob.user.name, image: null } });
  expect(JSON.stringify(sent)).not.toContain('@example.com');
  // Bob's own list of sent requests is empty: Alice's request is incoming for him.
  expect(await items(await bob.agent.api['friend-requests'].sent.$get())).toEqual([]);
  const unreadBefore = (await (await bob.agent.api.notifications.summary.$get()).json()).unreadCount;

  const id = String(sent[0]?.id);
  const cancelled = await alice.agent.api['friend-requests'][':id'].cancel.$post({ param: { id } });
  expect(cancelled.status).toBe(200);
  expect(await cancelled.json()).toEqual({ ok: true });
  expect((await items(await alice.agent.api['friend-requests'].sent.$get())).map((r) => r.requested.id)).toEqual([carol.id]);
  expect(await items(await bob.agent.api['friend-requests'].$get())).toEqual([]);
  // The unread 'sent you a friend request' line goes with it, so it no longer lights Bob's dot.
  expect((await (await bob.agent.api.notifications.summary.$get()).json()).unreadCount).toBe(unreadBefore - 1);
  // Cancelling again: the request is gone.
  expect((await alice.agent.api['friend-requests'][':id'].cancel.$post({ param: { id } })).status).toBe(404);
  // And Alice may ask again.
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } })).status).toBe(201);
});

test('only the sender may cancel a request: the requested user gets 403, a stranger 404, an answered one 409', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const mallory = await signedInUser(t);
  await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } });
  const [request] = await t.db.select().from(friendRequests).where(eq(friendRequests.requesterId, alice.user.id));
  const id = String(request?.id);
  const byBob = await bob.agent.api['friend-requests'][':id'].cancel.$post({ param: { id } });
  expect(byBob.status).toBe(403);
  expect((await errorOf(byBob)).error.message).toBe('Only the sender can cancel this request.');
  expect((await mallory.agent.api['friend-requests'][':id'].cancel.$post({ param: { id } })).status).toBe(404);
  expect((await mallory.agent.api['friend-requests'][':id'].cancel.$post({ param: { id: 'not-a-uuid' } })).status).toBe(422);
  expect((await createAgent(t).api['friend-requests'][':id'].cancel.$post({ param: { id } })).status).toBe(401);
  expect((await createAgent(t).api['friend-requests'].sent.$get()).status).toBe(401);
  const [still] = await t.db.select().from(friendRequests).where(eq(friendRequests.id, id));
  expect(still?.status).toBe('pending');

  expect((await bob.agent.api['friend-requests'][':id'].accept.$post({ param: { id } })).status).toBe(200);
  const late = await alice.agent.api['friend-requests'][':id'].cancel.$post({ param: { id } });
  expect(late.status).toBe(409);
  expect((await errorOf(late)).error.message).toBe('This friend request was already answered.');
  expect(await t.db.select().from(friendships).where(eq(friendships.userId, alice.user.id))).toHaveLength(1);
});
