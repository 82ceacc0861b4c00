import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isFeedPot, type FeedItem } from '#domain/feed.ts';
import { HISTORY_CSV_PATH } from '#domain/history.ts';
import type { CreatePotFields, FeedPot, PotView } from '#domain/pots.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { potEntries, pots } from '#server/db/schema/pots.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { parseCsv } from '#server/testing/csv.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { runPotClosePass } from './pot-close-job.ts';

/*
 * Pots beyond their page (ADR 060): the feed card (who sees it, its fields, the one keyset with bets),
 * likes and comments, the profile's lists, the CSV history, disputes in 'Waiting on You', and the job that
 * ends a pot whose entries closed by time with fewer than two entrants.
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

const optionId = (pot: PotView, position: number) => pot.options.find((o) => o.position === position)?.id ?? '';
const join = async (who: Person, pot: PotView, position: number) =>
  expect(
    (await who.agent.api.pots[':id'].entry.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, position) } }))
      .status,
  ).toBe(200);

async function feedOf(who: Person): Promise<FeedItem[]> {
  const res = await who.agent.api.feed.$get({ query: {} });
  expect(res.status).toBe(200);
  return (await res.json()).items;
}
const potCard = async (who: Person, id: string): Promise<FeedPot | undefined> =>
  (await feedOf(who)).filter(isFeedPot).find((item) => item.id === id);

describe('the feed', () => {
  test('a pot card reaches its creator, referee, invitees and entrants, and nobody else', async () => {
    const { creator, friends } = await circle(4);
    const [ana, ben, referee, notInvited] = [at(friends, 0), at(friends, 1), at(friends, 2), at(friends, 3)];
    const stranger = await person();
    const pot = await create(creator, {
      inviteeIds: [ana.id, ben.id],
      decider: 'referee',
      refereeId: referee.id,
      entry: { optionIndex: 0 },
    });
    await join(ana, pot, 1);
    for (const who of [creator, ana, ben, referee]) {
      expect(await potCard(who, pot.id)).toMatchObject({
        type: 'pot',
        question: 'Who gets engaged first?',
        stake: 5,
        entrantCount: 2,
        status: 'open',
        result: null,
        likeCount: 0,
        commentCount: 0,
        likedByMe: false,
        creator: { id: creator.id },
      });
    }
    // A friend of the creator who was not invited, and a stranger, never see it: not in the feed, 404 for its social routes.
    for (const who of [notInvited, stranger]) {
      expect(await potCard(who, pot.id)).toBeUndefined();
      expect((await who.agent.api.pots[':id'].like.$put({ param: { id: pot.id } })).status).toBe(404);
      expect((await who.agent.api.pots[':id'].comments.$get({ param: { id: pot.id } })).status).toBe(404);
    }
  });

  test('the card follows the state: awaiting once the closing time passes, decided with the winning outcome', async () => {
    const { creator, friends } = await circle(2);
    const pot = await create(creator, { inviteeIds: friends.map((f) => f.id) });
    await join(at(friends, 0), pot, 1);
    await join(at(friends, 1), pot, 0);
    await t.db.update(pots).set({ closesAt: sql`now() - interval '1 minute'` }).where(eq(pots.id, pot.id));
    expect((await potCard(creator, pot.id))?.status).toBe('awaiting');
    const decided = await creator.agent.api.pots[':id'].result.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, 0) } });
    expect(decided.status).toBe(200);
    expect(await potCard(at(friends, 0), pot.id)).toMatchObject({ status: 'decided', outcome: 'won', result: 'Result: Ana', entrantCount: 3 });
    const cancelled = await create(creator, { inviteeIds: friends.map((f) => f.id) });
    await creator.agent.api.pots[':id'].cancel.$post({ param: { id: cancelled.id } });
    expect((await potCard(at(friends, 1), cancelled.id))?.status).toBe('cancelled');
  });

  test('bets and pots share one newest-first keyset: pages stay whole and in order', async () => {
    const { creator, friends } = await circle(2);
    const friend = at(friends, 0);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      if (i % 3 === 0) ids.push((await create(creator, { inviteeIds: friends.map((f) => f.id) })).id);
      else ids.push((await insertBet(t, { createdBy: creator.id, opponentId: friend.id })).id);
    }
    const first = await (await friend.agent.api.feed.$get({ query: {} })).json();
    expect(first.items.length).toBe(20);
    const second = await (await friend.agent.api.feed.$get({ query: { cursor: String(first.nextCursor) } })).json();
    expect(second.nextCursor).toBeNull();
    const items = [...first.items, ...second.items];
    expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
    const keys = items.map((item) => [item.createdAt, item.id].join(' '));
    expect(keys).toEqual([...keys].sort().reverse());
    expect([...first.items, ...second.items].filter(isFeedPot).length).toBe(9);
  });
});

describe('likes and comments on a pot', () => {
  test('likes are idempotent and counted per person; 401 signed out, 422 for a bad id, 404 for an unknown one', async () => {
    const { creator, friends } = await circle(2);
    const pot = await create(creator, { inviteeIds: friends.map((f) => f.id) });
    const like = (agent: Agent, id = pot.id) => agent.api.pots[':id'].like.$put({ param: { id } });
    const unlike = (agent: Agent) => agent.api.pots[':id'].like.$delete({ param: { id: pot.id } });
    expect(await (await like(creator.agent)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await (await like(creator.agent)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await (await like(at(friends, 0).agent)).json()).toEqual({ liked: true, likeCount: 2 });
    expect(await (await unlike(creator.agent)).json()).toEqual({ liked: false, likeCount: 1 });
    expect(await potCard(at(friends, 0), pot.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(await potCard(creator, pot.id)).toMatchObject({ likeCount: 1, likedByMe: false });
    expect((await like(createAgent(t))).status).toBe(401);
    expect((await like(creator.agent, 'not-a-uuid')).status).toBe(422);
    expect((await like(creator.agent, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  test('comments: oldest first, counted on the card, the creator and entrants told; empty refused with 422', async () => {
    const { creator, friends } = await circle(3);
    const [ana, ben, cy] = [at(friends, 0), at(friends, 1), at(friends, 2)];
    const pot = await create(creator, { inviteeIds: [ana.id, ben.id, cy.id] });
    await join(ana, pot, 1);
    const post = (who: Person, text: string) =>
      who.agent.api.pots[':id'].comments.$post({ param: { id: pot.id }, json: { text } });
    const first = await post(ben, '  No way Ana wins  ');
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ text: 'No way Ana wins', author: { id: ben.id } });
    expect((await post(ana, 'Watch me')).status).toBe(201);
    const res = await post(ana, '   ');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).error.message).toBe('Please write a comment first.');
    expect((await createAgent(t).api.pots[':id'].comments.$post({ param: { id: pot.id }, json: { text: 'hi' } })).status).toBe(401);
    const list = await (await cy.agent.api.pots[':id'].comments.$get({ param: { id: pot.id } })).json();
    expect(list.items.map((c) => c.text)).toEqual(['No way Ana wins', 'Watch me']);
    expect((await potCard(cy, pot.id))?.commentCount).toBe(2);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'pot_comment_added'), eq(notifications.actorId, ben.id)));
    // Ben's comment tells the creator and Ana (an entrant), not Cy (invited, not entered) nor Ben himself.
    expect(told.map((row) => row.userId).sort()).toEqual([creator.id, ana.id].sort());
  });
});

describe('the profile and the history', () => {
  test("'Open Pots' lists pots I am part of until decided; decided pots are listed apart", async () => {
    const { creator, friends } = await circle(2);
    const [ana, ben] = [at(friends, 0), at(friends, 1)];
    const open = await create(creator, { inviteeIds: [ana.id, ben.id], question: 'Open one?' });
    const decided = await create(creator, { inviteeIds: [ana.id, ben.id], question: 'Decided one?' });
    await join(ana, decided, 1);
    await creator.agent.api.pots[':id'].result.$post({ param: { id: decided.id }, json: { optionId: optionId(decided, 1) } });
    const mine = await (await ana.agent.api.pots.mine.$get()).json();
    // Ana was invited to the open pot but did not enter it: it waits on her in the inbox instead.
    expect(mine.open.map((p) => p.id)).not.toContain(open.id);
    expect(mine.decided.map((p) => [p.id, p.result])).toEqual([[decided.id, 'Result: Ben']]);
    const creators = await (await creator.agent.api.pots.mine.$get()).json();
    expect(creators.open.map((p) => p.id)).toEqual([open.id]);
    expect((await createAgent(t).api.pots.mine.$get()).status).toBe(401);
  });

  test('the CSV has a row per pot entered, with its state, result, payments and when it was decided', async () => {
    const { creator, friends } = await circle(2);
    const [ana, ben] = [at(friends, 0), at(friends, 1)];
    const pot = await create(creator, { inviteeIds: [ana.id, ben.id], question: '=Who wins?', stake: 10 });
    await join(ana, pot, 1);
    await join(ben, pot, 0);
    const open = await create(creator, { inviteeIds: [ana.id, ben.id], question: 'Still open' });
    await join(ana, open, 0);
    await creator.agent.api.pots[':id'].result.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, 1) } });
    const csvOf = async (who: Person) => {
      const res = await who.agent.request(HISTORY_CSV_PATH);
      expect(res.status).toBe(200);
      return parseCsv(await res.text()).slice(1);
    };
    const anas = await csvOf(ana);
    expect(anas.map((row) => row.slice(1, 8))).toEqual([
      ['Pot (2 entrants)', 'Still open', '5', 'open', '', '', ''],
      ['Pot (3 entrants)', "'=Who wins?", '10', 'decided', 'won', 'no', 'no'],
    ]);
    expect(at(anas, 1)[8]).toMatch(/^\d{4}-\d\d-\d\dT/);
    const creators = await csvOf(creator);
    expect(creators.map((row) => row.slice(4, 6))).toContainEqual(['decided', 'lost']);
    // Ben was invited to 'Still open' but never entered it: no row.
    expect((await csvOf(ben)).map((row) => row[2])).toEqual(["'=Who wins?"]);
  });
});

describe("a disputed pot in 'Waiting on You'", () => {
  test('waits on each entrant who has not voted, lights the red dot, and stops once they vote', async () => {
    const { creator, friends } = await circle(3);
    const [ana, ben, cy] = [at(friends, 0), at(friends, 1), at(friends, 2)];
    const pot = await create(creator, { inviteeIds: [ana.id, ben.id, cy.id] });
    await join(ana, pot, 1);
    await join(ben, pot, 1);
    await join(cy, pot, 0);
    await creator.agent.api.pots[':id'].result.$post({ param: { id: pot.id }, json: { optionId: optionId(pot, 0) } });
    expect((await ana.agent.api.pots[':id'].dispute.$post({ param: { id: pot.id }, json: { reason: null } })).status).toBe(200);
    const reasons = async (who: Person) =>
      (await (await who.agent.api.activity.waiting.$get()).json()).pots.map((p) => [p.id, p.reason]);
    const dot = async (who: Person) => (await (await who.agent.api.notifications.summary.$get()).json()).hasPendingAction;
    for (const who of [creator, ana, ben, cy]) {
      expect(await reasons(who)).toEqual([[pot.id, 'dispute_vote']]);
      expect(await dot(who)).toBe(true);
    }
    expect((await ben.agent.api.pots[':id'].dispute.vote.$post({ param: { id: pot.id }, json: { overturn: true } })).status).toBe(200);
    expect(await reasons(ben)).toEqual([]);
    expect(await dot(ben)).toBe(false);
    expect(await reasons(cy)).toEqual([[pot.id, 'dispute_vote']]);
  });
});

describe('entries closing by time', () => {
  const pastClose = (id: string) =>
    t.db.update(pots).set({ closesAt: sql`now() - interval '1 second'` }).where(eq(pots.id, id));
  const publish = async () => {};

  test('fewer than two entrants: the pot ends with every stake returned and the entrants are told; two or more: awaiting', async () => {
    const { creator, friends } = await circle(2);
    const inFuture = new Date(Date.now() + 3_600_000).toISOString();
    const lonely = await create(creator, { inviteeIds: friends.map((f) => f.id), closesAt: inFuture, question: 'Lonely?' });
    const full = await create(creator, { inviteeIds: friends.map((f) => f.id), closesAt: inFuture, question: 'Full?' });
    await join(at(friends, 0), full, 1);
    const later = await create(creator, { inviteeIds: friends.map((f) => f.id), closesAt: inFuture });
    await pastClose(lonely.id);
    await pastClose(full.id);
    expect(await runPotClosePass(t.db, publish)).toBeGreaterThanOrEqual(2);
    const ended = await (await creator.agent.api.pots[':id'].$get({ param: { id: lonely.id } })).json();
    expect(ended).toMatchObject({ status: 'decided', outcome: 'not_enough' });
    expect(ended.entrants.map((e) => e.payout)).toEqual([5]);
    expect(ended.payments).toEqual([]);
    expect(await potCard(at(friends, 1), lonely.id)).toMatchObject({
      status: 'decided',
      result: 'Not enough entrants — stakes returned',
    });
    const lines = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'pot_not_enough'), sql`${notifications.data}->>'potId' = ${lonely.id}`));
    expect(lines.map((line) => line.userId)).toEqual([creator.id]);
    const awaiting = await (await creator.agent.api.pots[':id'].$get({ param: { id: full.id } })).json();
    expect(awaiting).toMatchObject({ status: 'awaiting', outcome: null });
    const untouched = await (await creator.agent.api.pots[':id'].$get({ param: { id: later.id } })).json();
    expect(untouched.status).toBe('open');
    // Joining after the close is refused as before.
    const res = await at(friends, 1).agent.api.pots[':id'].entry.$post({ param: { id: lonely.id }, json: { optionId: optionId(lonely, 0) } });
    expect(res.status).toBe(409);
  });

  test('passes running at once end a pot once: one line per entrant', async () => {
    const { creator, friends } = await circle(2);
    const pots_ = [];
    for (let i = 0; i < 6; i += 1) {
      const pot = await create(creator, {
        inviteeIds: friends.map((f) => f.id),
        closesAt: new Date(Date.now() + 3_600_000).toISOString(),
        entry: null,
      });
      await join(at(friends, 0), pot, 0);
      await pastClose(pot.id);
      pots_.push(pot.id);
    }
    await Promise.all([runPotClosePass(t.db, publish, 2), runPotClosePass(t.db, publish, 2), runPotClosePass(t.db, publish, 2)]);
    while ((await runPotClosePass(t.db, publish, 2)) > 0);
    for (const id of pots_) {
      const lines = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, 'pot_not_enough'), sql`${notifications.data}->>'potId' = ${id}`));
      expect(lines.map((line) => line.userId).sort()).toEqual([creator.id, at(friends, 0).id].sort());
      const [entry] = await t.db.select().from(potEntries).where(eq(potEntries.potId, id));
      expect(entry?.payout).toBe(5);
    }
  });
});
