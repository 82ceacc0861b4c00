import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bets } from '#server/db/schema/bets.ts';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Every transition × every kind of caller: only the allowed cell changes the
 * bet; a party without the role gets 403, a friend of the creator who is not
 * a party 403, a stranger 404 (the bet's existence is not revealed), and an
 * anonymous caller 401. Refused calls leave the row untouched.
 */

let t: TestApp;
const actors: Record<string, { agent: Agent; id: string }> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['creator', 'opponent', 'friend', 'stranger']) {
    const { agent, user } = await signedInUser(t);
    actors[name] = { agent, id: user.id };
  }
  actors['anonymous'] = { agent: createAgent(t), id: '' };
  await makeFriends(t, id('creator'), id('opponent'));
  await makeFriends(t, id('creator'), id('friend'));
});
afterAll(() => closeTestApp(t));

function id(name: string): string {
  const actor = actors[name];
  if (!actor) throw new Error(name);
  return actor.id;
}

type Setup = Parameters<typeof insertBet>[1];
type Transition = {
  name: string;
  setup: () => Setup;
  call: (agent: Agent, betId: string) => Promise<{ status: number }>;
  allowed: Record<string, number>;
};

const base = () => ({ createdBy: id('creator'), opponentId: id('opponent') });
const transitions: Transition[] = [
  { name: 'accept', setup: base, call: (a, b) => a.api.bets[':id'].accept.$post({ param: { id: b }, json: {} }), allowed: { opponent: 200, creator: 403 } },
  { name: 'decline', setup: base, call: (a, b) => a.api.bets[':id'].decline.$post({ param: { id: b } }), allowed: { opponent: 200, creator: 403 } },
  {
    name: 'resolve won',
    setup: () => ({ ...base(), status: 'active' }),
    call: (a, b) => a.api.bets[':id'].resolve.$post({ param: { id: b }, json: { outcome: 'won' } }),
    allowed: { creator: 200, opponent: 200 },
  },
  {
    name: 'resolve lost',
    setup: () => ({ ...base(), status: 'active' }),
    call: (a, b) => a.api.bets[':id'].resolve.$post({ param: { id: b }, json: { outcome: 'lost' } }),
    allowed: { creator: 200, opponent: 200 },
  },
  {
    name: 'request void',
    setup: () => ({ ...base(), status: 'active' }),
    call: (a, b) => a.api.bets[':id'].void.$post({ param: { id: b } }),
    allowed: { creator: 200, opponent: 200 },
  },
  {
    name: 'confirm void',
    setup: () => ({ ...base(), status: 'active', voidRequestedBy: id('creator') }),
    call: (a, b) => a.api.bets[':id'].void.$post({ param: { id: b } }),
    allowed: { opponent: 200, creator: 409 },
  },
  {
    name: 'cancel void',
    setup: () => ({ ...base(), status: 'active', voidRequestedBy: id('creator') }),
    call: (a, b) => a.api.bets[':id'].void.$delete({ param: { id: b } }),
    allowed: { creator: 200, opponent: 403 },
  },
  {
    name: 'mark paid',
    setup: () => ({ ...base(), winnerId: id('opponent') }),
    call: (a, b) => a.api.bets[':id']['payment-sent'].$post({ param: { id: b } }),
    allowed: { creator: 200, opponent: 403 },
  },
  {
    name: 'confirm payment',
    setup: () => ({ ...base(), winnerId: id('opponent'), paymentSent: true }),
    call: (a, b) => a.api.bets[':id']['payment-confirmed'].$post({ param: { id: b } }),
    allowed: { opponent: 200, creator: 403 },
  },
];

const refusedStatus: Record<string, number> = { friend: 403, stranger: 404, anonymous: 401 };
const cells = transitions.flatMap((transition) =>
  ['creator', 'opponent', 'friend', 'stranger', 'anonymous'].map((actor) => [transition.name, actor, transition] as const),
);

test.each(cells)('%s by %s', async (_name, actor, transition) => {
  const bet = await insertBet(t, transition.setup());
  const [before] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  const expected = transition.allowed[actor] ?? refusedStatus[actor] ?? 403;
  const res = await transition.call(actors[actor]?.agent ?? createAgent(t), bet.id);
  expect(res.status).toBe(expected);
  const [after] = await t.db.select().from(bets).where(eq(bets.id, bet.id));
  if (expected === 200) expect(after).not.toEqual(before);
  else expect(after).toEqual(before);
});

test.each([
  ['accept an active bet', { status: 'active' as const }, (a: Agent, b: string) => a.api.bets[':id'].accept.$post({ param: { id: b }, json: {} })],
  ['decline an active bet', { status: 'active' as const }, (a: Agent, b: string) => a.api.bets[':id'].decline.$post({ param: { id: b } })],
  ['resolve a pending bet', {}, (a: Agent, b: string) => a.api.bets[':id'].resolve.$post({ param: { id: b }, json: { outcome: 'won' } })],
  ['void a pending bet', {}, (a: Agent, b: string) => a.api.bets[':id'].void.$post({ param: { id: b } })],
  ['mark an active bet paid', { status: 'active' as const }, (a: Agent, b: string) => a.api.bets[':id']['payment-sent'].$post({ param: { id: b } })],
])('wrong state: %s is a 409', async (_name, state, call) => {
  const bet = await insertBet(t, { ...base(), ...state });
  const res = await call(actors['opponent']?.agent ?? createAgent(t), bet.id);
  expect(res.status).toBe(409);
});

test('an unknown bet id is a 404 and a malformed one a 422', async () => {
  const agent = actors['creator']?.agent ?? createAgent(t);
  expect((await agent.api.bets[':id'].accept.$post({ param: { id: '00000000-0000-4000-8000-000000000000' }, json: {} })).status).toBe(404);
  expect((await agent.api.bets[':id'].accept.$post({ param: { id: 'not-a-uuid' }, json: {} })).status).toBe(422);
});
