import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BusEvent } from '#server/lib/events.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** Records what each user's event subscriptions hear, as their open streams would. */
function listen(...userIds: string[]) {
  const heard = new Map<string, BusEvent[]>(userIds.map((id) => [id, []]));
  const stops = userIds.map((id) => t.deps.events.subscribe(id, (event) => heard.get(id)?.push(event)));
  return {
    /** Waits until every listed user has heard `event` (PostgreSQL delivers after NOTIFY, so not at once). */
    async expectAllHeard(event: BusEvent) {
      for (const id of userIds) await expect.poll(() => heard.get(id)).toContainEqual(event);
    },
    stop: () => stops.forEach((stop) => stop()),
  };
}

async function requestBetween() {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const sent = await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } });
  expect(sent.status).toBe(201);
  const { items } = await (await bob.agent.api['friend-requests'].$get()).json();
  const [request] = items;
  if (!request) throw new Error('no request');
  return { alice, bob, requestId: request.id };
}

test('sending a friend request reaches both people live', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const ears = listen(alice.user.id, bob.user.id);
  expect((await alice.agent.api['friend-requests'].$post({ json: { userId: bob.user.id } })).status).toBe(201);
  await ears.expectAllHeard({ kind: 'friends' });
  ears.stop();
});

test('a request that meets one coming the other way makes friends, and both hear friends and feed', async () => {
  const { alice, bob } = await requestBetween();
  const ears = listen(alice.user.id, bob.user.id);
  expect((await bob.agent.api['friend-requests'].$post({ json: { userId: alice.user.id } })).status).toBe(200);
  await ears.expectAllHeard({ kind: 'friends' });
  await ears.expectAllHeard({ kind: 'feed' });
  ears.stop();
});

test('accepting a friend request reaches both people live, with their feeds', async () => {
  const { alice, bob, requestId } = await requestBetween();
  const ears = listen(alice.user.id, bob.user.id);
  expect((await bob.agent.api['friend-requests'][':id'].accept.$post({ param: { id: requestId } })).status).toBe(200);
  await ears.expectAllHeard({ kind: 'friends' });
  await ears.expectAllHeard({ kind: 'feed' });
  ears.stop();
});

test('declining a friend request reaches both people live', async () => {
  const { alice, bob, requestId } = await requestBetween();
  const ears = listen(alice.user.id, bob.user.id);
  expect((await bob.agent.api['friend-requests'][':id'].decline.$post({ param: { id: requestId } })).status).toBe(200);
  await ears.expectAllHeard({ kind: 'friends' });
  ears.stop();
});

test('removing a friend reaches both people live, with their feeds', async () => {
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  await makeFriends(t, alice.user.id, bob.user.id);
  const ears = listen(alice.user.id, bob.user.id);
  expect((await alice.agent.api.friends[':userId'].$delete({ param: { userId: bob.user.id } })).status).toBe(200);
  await ears.expectAllHeard({ kind: 'friends' });
  await ears.expectAllHeard({ kind: 'feed' });
  ears.stop();
});

test("a like and an unlike reach the bet's parties and the friends who see it in their feed", async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  const fan = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  await makeFriends(t, creator.user.id, fan.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });

  const ears = listen(creator.user.id, opponent.user.id);
  expect((await fan.agent.api.bets[':id'].like.$put({ param: { id: bet.id } })).status).toBe(200);
  await ears.expectAllHeard({ kind: 'feed', betId: bet.id });
  ears.stop();

  const again = listen(creator.user.id, opponent.user.id);
  expect((await fan.agent.api.bets[':id'].like.$delete({ param: { id: bet.id } })).status).toBe(200);
  await again.expectAllHeard({ kind: 'feed', betId: bet.id });
  again.stop();
});
