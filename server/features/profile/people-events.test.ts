import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BusEvent } from '#server/lib/events.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** What each user's open streams would hear. */
function listen(...userIds: string[]) {
  const heard = new Map<string, BusEvent[]>(userIds.map((id) => [id, []]));
  const stops = userIds.map((id) => t.deps.events.subscribe(id, (event) => heard.get(id)?.push(event)));
  return { heard: (id: string) => heard.get(id) ?? [], stop: () => stops.forEach((stop) => stop()) };
}

test("a rename reaches the user's and their friends' open screens as 'people'; a stranger hears nothing", async () => {
  const me = await signedInUser(t);
  const friend = await signedInUser(t);
  const stranger = await signedInUser(t);
  await makeFriends(t, me.user.id, friend.user.id);
  const ears = listen(me.user.id, friend.user.id, stranger.user.id);

  const res = await me.agent.api.profile.$patch({
    json: { name: 'Renamed Person', username: me.user.username, phone: '5551112222', venmoHandle: 'renamed' },
  });
  expect(res.status).toBe(200);
  await expect.poll(() => ears.heard(me.user.id)).toContainEqual({ kind: 'people' });
  await expect.poll(() => ears.heard(friend.user.id)).toContainEqual({ kind: 'people' });
  // A refused edit announces nothing.
  const before = ears.heard(friend.user.id).length;
  expect(
    (await me.agent.api.profile.$patch({ json: { name: '', username: 'x', phone: '1', venmoHandle: 'v' } })).status,
  ).toBe(422);
  expect(ears.heard(friend.user.id)).toHaveLength(before);
  expect(ears.heard(stranger.user.id)).toEqual([]);
  ears.stop();
});

test("a new photo reaches the user's friends as 'people'", async () => {
  const me = await signedInUser(t);
  const friend = await signedInUser(t);
  await makeFriends(t, me.user.id, friend.user.id);
  const ears = listen(friend.user.id);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } }).png().toBuffer();
  const res = await t.app.request(`${TEST_ORIGIN}/api/profile/avatar`, {
    method: 'PUT',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'image/png',
      cookie: [...me.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: photo,
  });
  expect(res.status).toBe(200);
  await expect.poll(() => ears.heard(friend.user.id)).toContainEqual({ kind: 'people' });
  ears.stop();
});
