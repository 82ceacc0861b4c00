import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type User = Awaited<ReturnType<typeof signedInUser>>;
const bet$ = (agent: Agent) => agent.api.bets[':id'];
const page = async (u: User, id: string) => {
  const res = await bet$(u.agent).$get({ param: { id } });
  expect(res.status).toBe(200);
  return res.json();
};
const ok = async (res: Promise<{ status: number }>) => expect((await res).status).toBeLessThan(300);

async function trio() {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  const friendOfCreator = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  await makeFriends(t, creator.user.id, friendOfCreator.user.id);
  return { creator, opponent, friendOfCreator };
}

test("the bet page's history tells every step in order, with who and when, to each viewer", async () => {
  const { creator, opponent, friendOfCreator } = await trio();
  const placed = await creator.agent.api.bets.$post({
    json: { description: 'Lakers win tonight', opponentId: opponent.user.id, amount: 15 },
  });
  expect(placed.status).toBe(201);
  const { id } = await placed.json();
  const param = { id };
  const started = Date.now();

  await ok(bet$(opponent.agent).accept.$post({ param, json: { prediction: 'Lakers by ten' } }));
  await ok(bet$(creator.agent).void.$post({ param }));
  await ok(bet$(creator.agent).void.$delete({ param }));
  await ok(bet$(opponent.agent).void.$post({ param }));
  await ok(bet$(creator.agent).keep.$post({ param }));
  await ok(bet$(creator.agent).resolve.$post({ param, json: { outcome: 'won' } }));
  await ok(bet$(opponent.agent).dispute.$post({ param, json: { reason: 'It went to overtime' } }));
  await ok(bet$(opponent.agent).resolve.$post({ param, json: { outcome: 'lost' } }));
  await ok(bet$(opponent.agent)['payment-sent'].$post({ param }));
  await ok(bet$(creator.agent)['payment-confirmed'].$post({ param }));

  const c = creator.user.id;
  const o = opponent.user.id;
  const expected = [
    { kind: 'placed', actorId: c, text: null },
    { kind: 'accepted', actorId: o, text: 'Lakers by ten' },
    { kind: 'void_requested', actorId: c },
    // The withdrawal writes no row: it is known, not when.
    { kind: 'void_cancelled', actorId: c, at: null },
    { kind: 'void_requested', actorId: o },
    { kind: 'void_kept', actorId: c },
    { kind: 'resolved', actorId: c, winnerId: c },
    { kind: 'disputed', actorId: o, text: 'It went to overtime' },
    { kind: 'resolved', actorId: o, winnerId: c },
    { kind: 'paid', actorId: o },
    { kind: 'confirmed', actorId: c },
  ];
  for (const viewer of [creator, opponent, friendOfCreator]) {
    const { history } = await page(viewer, id);
    expect(history).toMatchObject(expected);
    const times = history.flatMap((event) => (event.at === null ? [] : [Date.parse(event.at)]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Every step after the placing happened during this test.
    expect(times.slice(1).every((time) => time >= started - 1000)).toBe(true);
  }
  // A stranger still sees nothing of it.
  const stranger = await signedInUser(t);
  expect((await bet$(stranger.agent).$get({ param })).status).toBe(404);
  expect((await bet$(createAgent(t)).$get({ param })).status).toBe(401);
});

test('a still-open void request is not reported withdrawn; a pending bet has only its placing', async () => {
  const { creator, opponent } = await trio();
  const pending = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  expect((await page(opponent, pending.id)).history).toEqual([
    {
      kind: 'placed',
      at: pending.createdAt.toISOString(),
      actorId: creator.user.id,
      text: null,
      winnerId: null,
      amount: null,
      betCount: null,
      stakes: { creatorStake: pending.creatorStake, opponentStake: pending.opponentStake },
    },
  ]);

  const active = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, status: 'active' });
  await ok(bet$(opponent.agent).void.$post({ param: { id: active.id } }));
  expect((await page(creator, active.id)).history.map((event) => event.kind)).toEqual(['placed', 'void_requested']);
});

test('a bet paid in a settle-up shows the settlement and its confirmation', async () => {
  const { creator, opponent, friendOfCreator } = await trio();
  const lost = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id, winnerId: opponent.user.id, amount: 20 });
  const settled = await creator.agent.api.balances[':friendId'].settle.$post({
    param: { friendId: opponent.user.id },
    json: { betIds: [lost.id] },
  });
  expect(settled.status).toBe(201);
  const settlement = await settled.json();
  await ok(opponent.agent.api.settlements[':id'].confirm.$post({ param: { id: settlement.id } }));

  const { history } = await page(friendOfCreator, lost.id);
  expect(history).toMatchObject([
    { kind: 'placed', actorId: creator.user.id },
    { kind: 'settled', actorId: creator.user.id, amount: 20, betCount: 1 },
    { kind: 'settlement_confirmed', actorId: opponent.user.id },
  ]);
});
