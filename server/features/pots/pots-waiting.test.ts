import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreatePotFields, PotView } from '#domain/pots.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Pot invitations and referee requests in 'Waiting on You' and the red dot until answered, the
 * notifications of joining and closing, 'Awaiting result', and a new referee (ADR 054).
 */

type Person = { agent: Agent; id: string; name: string };

let t: TestApp;

const person = async (): Promise<Person> => {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id, name: user.name };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** A creator and `n` fresh friends, so nothing else waits on them. */
async function circle(n: number): Promise<{ creator: Person; friends: Person[] }> {
  const creator = await person();
  const friends: Person[] = [];
  for (let i = 0; i < n; i += 1) {
    const friend = await person();
    await makeFriends(t, creator.id, friend.id);
    friends.push(friend);
  }
  return { creator, friends };
}

function at<T>(list: T[], i: number): T {
  const found = list[i];
  if (found === undefined) throw new Error(`nothing at ${i}`);
  return found;
}

async function create(creator: Person, fields: Partial<CreatePotFields>): Promise<PotView> {
  const res = await creator.agent.api.pots.$post({
    json: {
      question: 'Who gets engaged first?',
      kind: 'choices',
      options: ['Ana', 'Ben'],
      line: null,
      stake: 5,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: [],
      entry: { optionIndex: 0 },
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return res.json();
}

const waiting = async (who: Person) => (await who.agent.api.activity.waiting.$get()).json();
const hasDot = async (who: Person) =>
  (await (await who.agent.api.notifications.summary.$get()).json()).hasPendingAction;
const waitingPots = async (who: Person) =>
  (await waiting(who)).pots.map((pot) => [pot.id, pot.reason] as const);
const linesOf = (
  userId: string,
  type: 'pot_joined' | 'pot_closed' | 'pot_referee_declined' | 'pot_referee_asked',
) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('waiting on you', () => {
  test('an invitation waits until joined, declined or left; the creator hears of each join', async () => {
    const { creator, friends } = await circle(3);
    const [a, b, c] = [at(friends, 0), at(friends, 1), at(friends, 2)];
    const pot = await create(creator, { inviteeIds: [a.id, b.id, c.id] });
    const option = at(pot.options, 1).id;
    for (const friend of friends) {
      expect(await waitingPots(friend)).toEqual([[pot.id, 'join']]);
      expect(await hasDot(friend)).toBe(true);
    }
    const listed = (await waiting(a)).pots[0];
    expect(listed).toMatchObject({
      question: 'Who gets engaged first?',
      stake: 5,
      creator: { id: creator.id },
    });
    expect(await hasDot(creator)).toBe(false);

    // Joined: answered.
    expect(
      (await a.agent.api.pots[':id'].entry.$post({ param: { id: pot.id }, json: { optionId: option } }))
        .status,
    ).toBe(200);
    expect(await waitingPots(a)).toEqual([]);
    expect(await hasDot(a)).toBe(false);
    const joined = await linesOf(creator.id, 'pot_joined');
    expect(joined.map((line) => [line.actorId, line.data.potId])).toEqual([[a.id, pot.id]]);

    // Declined ('I'm not entering'): answered, and declining twice or after joining is refused.
    const declined = await b.agent.api.pots[':id'].decline.$post({ param: { id: pot.id } });
    expect(declined.status).toBe(200);
    expect(await waitingPots(b)).toEqual([]);
    expect(await hasDot(b)).toBe(false);
    expect((await b.agent.api.pots[':id'].decline.$post({ param: { id: pot.id } })).status).toBe(409);
    expect((await a.agent.api.pots[':id'].decline.$post({ param: { id: pot.id } })).status).toBe(409);
    expect((await creator.agent.api.pots[':id'].decline.$post({ param: { id: pot.id } })).status).toBe(403);
    const stranger = await person();
    expect((await stranger.agent.api.pots[':id'].decline.$post({ param: { id: pot.id } })).status).toBe(404);
    // A declined invitee may still change their mind while entries are open.
    expect(
      (await b.agent.api.pots[':id'].entry.$post({ param: { id: pot.id }, json: { optionId: option } }))
        .status,
    ).toBe(200);

    // Left: answered too, it does not come back.
    expect((await a.agent.api.pots[':id'].entry.$delete({ param: { id: pot.id } })).status).toBe(200);
    expect(await waitingPots(a)).toEqual([]);

    // Entries closing answers the rest, and tells the entrants.
    expect(await waitingPots(c)).toEqual([[pot.id, 'join']]);
    const closed = await (await creator.agent.api.pots[':id'].close.$post({ param: { id: pot.id } })).json();
    expect(closed.status).toBe('awaiting');
    expect(await waitingPots(c)).toEqual([]);
    expect(await hasDot(c)).toBe(false);
    expect((await linesOf(b.id, 'pot_closed')).map((line) => line.data.potId)).toEqual([pot.id]);
    expect(await linesOf(creator.id, 'pot_closed')).toEqual([]);
    expect(await linesOf(c.id, 'pot_closed')).toEqual([]);
  });

  test('a passed closing time or a cancel ends the wait; a passed closing time refuses joins', async () => {
    const { creator, friends } = await circle(2);
    const [a, b] = [at(friends, 0), at(friends, 1)];
    const timed = await create(creator, {
      inviteeIds: [a.id, b.id],
      closesAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const cancelled = await create(creator, { inviteeIds: [a.id, b.id] });
    expect((await waitingPots(a)).map(([id]) => id).sort()).toEqual([timed.id, cancelled.id].sort());
    await t.db.execute(`update pot set closes_at = now() - interval '1 second' where id = '${timed.id}'`);
    expect(await waitingPots(a)).toEqual([[cancelled.id, 'join']]);
    // Nobody pressed Close: the join statement's own condition refuses it, and the page awaits the result.
    const late = await a.agent.api.pots[':id'].entry.$post({
      param: { id: timed.id },
      json: { optionId: at(timed.options, 0).id },
    });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).error.message).toBe('Entries for this pot are closed.');
    await creator.agent.api.pots[':id'].cancel.$post({ param: { id: cancelled.id } });
    expect(await waitingPots(a)).toEqual([]);
    expect(await hasDot(a)).toBe(false);
  });
});

describe('the referee', () => {
  test('a request waits until accepted; a decline waits on the creator, who picks another', async () => {
    const { creator, friends } = await circle(4);
    const [a, b, ref, other] = [at(friends, 0), at(friends, 1), at(friends, 2), at(friends, 3)];
    const pot = await create(creator, {
      inviteeIds: [a.id, b.id],
      decider: 'referee',
      refereeId: ref.id,
      entry: null,
    });
    expect(await waitingPots(ref)).toEqual([[pot.id, 'referee']]);
    expect(await hasDot(ref)).toBe(true);

    // Only the referee declines.
    expect((await a.agent.api.pots[':id'].referee.decline.$post({ param: { id: pot.id } })).status).toBe(403);
    const declined = await ref.agent.api.pots[':id'].referee.decline.$post({ param: { id: pot.id } });
    expect(declined.status).toBe(200);
    expect(await waitingPots(ref)).toEqual([]);
    expect(await hasDot(ref)).toBe(false);
    // No longer the referee: the pot is gone for them, as for anyone not in it.
    expect((await ref.agent.api.pots[':id'].$get({ param: { id: pot.id } })).status).toBe(404);
    expect((await linesOf(creator.id, 'pot_referee_declined')).map((line) => line.actorId)).toEqual([ref.id]);
    const page = await (await creator.agent.api.pots[':id'].$get({ param: { id: pot.id } })).json();
    expect(page).toMatchObject({ referee: null, refereeAccepted: false, decider: 'referee' });
    expect(await waitingPots(creator)).toEqual([[pot.id, 'pick_referee']]);
    expect(await hasDot(creator)).toBe(true);

    // The creator picks another: friends only, not an invitee, only the creator.
    const pick = (who: Person, refereeId: string) =>
      who.agent.api.pots[':id'].referee.$put({ param: { id: pot.id }, json: { refereeId } });
    expect((await pick(a, other.id)).status).toBe(403);
    const invitee = await pick(creator, a.id);
    expect(invitee.status).toBe(422);
    expect((await errorOf(invitee)).error.message).toBe(
      'The referee decides the pot, so they cannot be invited to enter it.',
    );
    const stranger = await person();
    expect((await pick(creator, stranger.id)).status).toBe(403);
    expect((await pick(creator, 'not a valid id!')).status).toBe(422);
    const picked = await pick(creator, other.id);
    expect(picked.status).toBe(200);
    expect((await picked.json()).referee?.id).toBe(other.id);
    expect(await waitingPots(creator)).toEqual([]);
    expect(await waitingPots(other)).toEqual([[pot.id, 'referee']]);
    expect((await linesOf(other.id, 'pot_referee_asked')).map((line) => line.data.potId)).toEqual([pot.id]);

    // While still waiting for the referee, the creator may replace a referee who has not answered.
    expect((await pick(creator, ref.id)).status).toBe(200);
    expect(await waitingPots(other)).toEqual([]);
    expect((await other.agent.api.pots[':id'].$get({ param: { id: pot.id } })).status).toBe(404);

    // Accepted: no longer waiting, and no longer replaceable or declinable.
    expect((await ref.agent.api.pots[':id'].referee.$post({ param: { id: pot.id } })).status).toBe(200);
    expect(await waitingPots(ref)).toEqual([]);
    expect((await pick(creator, other.id)).status).toBe(409);
    expect((await ref.agent.api.pots[':id'].referee.decline.$post({ param: { id: pot.id } })).status).toBe(
      409,
    );
  });

  test('a pot decided by its creator has no referee to pick', async () => {
    const { creator, friends } = await circle(3);
    const pot = await create(creator, { inviteeIds: [at(friends, 0).id, at(friends, 1).id] });
    const res = await creator.agent.api.pots[':id'].referee.$put({
      param: { id: pot.id },
      json: { refereeId: at(friends, 2).id },
    });
    expect(res.status).toBe(409);
  });
});
