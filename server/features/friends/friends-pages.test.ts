import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FRIENDS_PAGE_SIZE } from '#domain/friends.ts';
import { users } from '#server/db/schema/auth.ts';
import { friendships } from '#server/db/schema/friends.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1;

test('the friends list pages by name, then id: no friend twice or missing across pages, even with equal names (ADR 043)', async () => {
  const me = await signedInUser(t);
  const friends = [];
  // Names repeat across the page boundary, so the cursor's id decides.
  for (let i = 0; i < FRIENDS_PAGE_SIZE + 3; i += 1) {
    friends.push(await insertUser(t, { name: i % 4 === 0 ? 'Same Name' : `Friend ${String(i).padStart(2, '0')}` }));
  }
  for (const friend of friends) await makeFriends(t, me.user.id, friend.id);
  await makeFriends(t, friends[0]?.id ?? '', (await insertUser(t, { name: 'Not mine' })).id);

  const first = await (await me.agent.api.friends.$get({ query: {} })).json();
  expect(first.items).toHaveLength(FRIENDS_PAGE_SIZE);
  expect(first.total).toBe(FRIENDS_PAGE_SIZE + 3);
  expect(first.nextCursor).not.toBeNull();
  const second = await (await me.agent.api.friends.$get({ query: { cursor: String(first.nextCursor) } })).json();
  expect(second.items).toHaveLength(3);
  expect(second.nextCursor).toBeNull();

  const expected = [...friends].sort(byNameThenId).map((f) => ({ id: f.id, name: f.name, username: f.displayUsername, image: f.image }));
  expect([...first.items, ...second.items]).toEqual(expected);
  // The picker's whole list is the same friends in the same order.
  expect((await (await me.agent.api.friends.all.$get()).json()).items).toEqual(expected);
});

test('a short friends list is one page with its count; no friends is an empty page', async () => {
  const me = await signedInUser(t);
  expect(await (await me.agent.api.friends.$get({ query: {} })).json()).toEqual({ items: [], nextCursor: null, total: 0 });
  const friend = await insertUser(t);
  await makeFriends(t, me.user.id, friend.id);
  const page = await (await me.agent.api.friends.$get({ query: {} })).json();
  expect(page).toMatchObject({ nextCursor: null, total: 1 });
  expect(page.items.map((f) => f.id)).toEqual([friend.id]);
});

test("a friend's new name, username and photo show in my list at once (triggers of migration 0019)", async () => {
  const me = await signedInUser(t);
  const friend = await signedInUser(t, { name: 'Old Name' });
  await makeFriends(t, me.user.id, friend.user.id);
  const renamed = await friend.agent.api.profile.$patch({
    json: { name: 'New Name', username: 'Renamed_Friend', phone: friend.input.phone, venmoHandle: friend.input.venmoHandle },
  });
  expect(renamed.status).toBe(200);
  await t.db.update(users).set({ image: '/api/avatars/new.webp' }).where(eq(users.id, friend.user.id));
  const shown = { id: friend.user.id, name: 'New Name', username: 'Renamed_Friend', image: '/api/avatars/new.webp' };
  expect((await (await me.agent.api.friends.$get({ query: {} })).json()).items).toEqual([shown]);
  expect((await (await me.agent.api.friends.all.$get()).json()).items).toEqual([shown]);
  // A writer cannot put another summary on the row: the database copies the friend's own.
  await t.db.update(friendships).set({ friendName: 'Forged' }).where(eq(friendships.friendId, friend.user.id));
  expect((await (await me.agent.api.friends.all.$get()).json()).items).toEqual([shown]);
});

test('a cursor that is not ours is a 400; both lists need a session', async () => {
  const me = await signedInUser(t);
  const bad = await me.agent.api.friends.$get({ query: { cursor: 'garbage' } });
  expect(bad.status).toBe(400);
  expect((await errorOf(bad)).error.code).toBe('INVALID_CURSOR');
  const anon = createAgent(t);
  expect((await anon.api.friends.$get({ query: {} })).status).toBe(401);
  expect((await anon.api.friends.all.$get()).status).toBe(401);
});
