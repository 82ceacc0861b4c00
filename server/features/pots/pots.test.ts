import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activitySentence } from '#domain/notifications.ts';
import type { CreatePotFields, PotView } from '#domain/pots.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { potPayments } from '#server/db/schema/pots.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

type Person = { agent: Agent; id: string; name: string };

let t: TestApp;
let creator: Person;
let friends: Person[];
let stranger: Person;

const person = async (): Promise<Person> => {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id, name: user.name };
};

beforeAll(async () => {
  t = await createTestApp();
  creator = await person();
  friends = await Promise.all(Array.from({ length: 5 }, person));
  stranger = await person();
  for (const friend of friends) await makeFriends(t, creator.id, friend.id);
});
afterAll(() => closeTestApp(t));

const friend = (i: number): Person => {
  const found = friends[i];
  if (!found) throw new Error(`no friend ${i}`);
  return found;
};

function potInput(overrides: Partial<CreatePotFields> = {}): CreatePotFields {
  return {
    question: 'Who wins the Super Bowl?',
    kind: 'choices',
    options: ['Chiefs', 'Eagles', 'Lions'],
    line: null,
    stake: 10,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    refereeId: null,
    inviteeIds: [friend(0).id, friend(1).id, friend(2).id],
    entry: { optionIndex: 0 },
    ...overrides,
  };
}

async function create(overrides: Partial<CreatePotFields> = {}, by: Person = creator): Promise<PotView> {
  const res = await by.agent.api.pots.$post({ json: potInput(overrides) });
  expect(res.status).toBe(201);
  return res.json();
}

const page = (who: Person, id: string) => who.agent.api.pots[':id'].$get({ param: { id } });
const join = (who: Person, id: string, pick: { optionId: string } | { guess: number }) =>
  who.agent.api.pots[':id'].entry.$post({ param: { id }, json: pick });
const declare = (who: Person, id: string, result: { optionId: string } | { number: number }) =>
  who.agent.api.pots[':id'].result.$post({ param: { id }, json: result });
const optionId = (pot: PotView, position: number) => {
  const found = pot.options.find((option) => option.position === position);
  if (!found) throw new Error('no option');
  return found.id;
};

describe('creating', () => {
  test('a pot with the creator entered, invitations in the inbox', async () => {
    const pot = await create();
    expect(pot).toMatchObject({
      question: 'Who wins the Super Bowl?',
      kind: 'choices',
      stake: 10,
      status: 'open',
      decider: 'me',
    });
    expect(pot.options.map((o) => o.label)).toEqual(['Chiefs', 'Eagles', 'Lions']);
    expect(pot.entrants.map((e) => [e.user.id, e.optionId])).toEqual([[creator.id, optionId(pot, 0)]]);
    expect(pot.invitees.map((i) => i.id).sort()).toEqual([friend(0).id, friend(1).id, friend(2).id].sort());
    const lines = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, friend(0).id));
    const invitation = lines.find((line) => line.type === 'pot_invited' && line.data.potId === pot.id);
    expect(invitation).toBeDefined();
    if (!invitation) return;
    expect(
      activitySentence(
        {
          type: invitation.type,
          actor: { id: creator.id, name: creator.name, image: null },
          data: invitation.data,
        },
        friend(0).id,
      ),
    ).toBe(`${creator.name} invited you to a pot: Who wins the Super Bowl?`);
  });

  test('refusals: the literal texts, and friends only', async () => {
    const refused = async (input: CreatePotFields) => {
      const res = await creator.agent.api.pots.$post({ json: input });
      return { status: res.status, body: await errorOf(res) };
    };
    expect(await refused(potInput({ question: ' ' }))).toMatchObject({
      status: 422,
      body: { error: { message: 'Please say what the pot is about.' } },
    });
    expect(await refused(potInput({ options: ['A', 'a'] }))).toMatchObject({
      status: 422,
      body: { error: { message: 'A pot needs at least two different choices.' } },
    });
    expect(await refused(potInput({ inviteeIds: [friend(0).id] }))).toMatchObject({
      status: 422,
      body: { error: { message: 'Invite at least two friends to a pot.' } },
    });
    expect(await refused(potInput({ stake: 0 }))).toMatchObject({
      status: 422,
      body: { error: { message: 'Please enter a valid amount.' } },
    });
    expect(await refused(potInput({ inviteeIds: [friend(0).id, stranger.id] }))).toMatchObject({
      status: 403,
    });
    expect(await refused(potInput({ inviteeIds: [friend(0).id, 'nobody'] }))).toMatchObject({ status: 403 });
    expect(await refused(potInput({ decider: 'referee', refereeId: stranger.id }))).toMatchObject({
      status: 403,
    });
    expect(await refused(potInput({ inviteeIds: [friend(0).id, creator.id] }))).toMatchObject({
      status: 403,
    });
  });

  test('a break and the weekly loss limit apply to the creator’s stake, and pot stakes count toward the limit', async () => {
    const me = await person();
    const [a, b] = [await person(), await person()];
    await makeFriends(t, me.id, a.id);
    await makeFriends(t, me.id, b.id);
    expect((await me.agent.api.limits['weekly-loss'].$put({ json: { weeklyLossLimit: 15 } })).status).toBe(
      200,
    );
    await create({ inviteeIds: [a.id, b.id], stake: 10 }, me);
    // $10 already committed in the open pot: another $10 stake would make $20 > $15.
    const over = await me.agent.api.pots.$post({ json: potInput({ inviteeIds: [a.id, b.id], stake: 10 }) });
    expect(over.status).toBe(403);
    // Running it without entering stakes nothing.
    expect(
      (
        await me.agent.api.pots.$post({
          json: potInput({ inviteeIds: [a.id, b.id], stake: 10, entry: null }),
        })
      ).status,
    ).toBe(201);
    expect((await me.agent.api.limits.break.$post({ json: { duration: '24h' } })).status).toBe(200);
    expect(
      (await me.agent.api.pots.$post({ json: potInput({ inviteeIds: [a.id, b.id], stake: 1 }) })).status,
    ).toBe(403);
  });
});

describe('the pot page', () => {
  test('visible to creator, referee, invitees and entrants; 404 to anyone else, as for an unknown id', async () => {
    const pot = await create({ decider: 'referee', refereeId: friend(3).id, entry: null });
    for (const who of [creator, friend(0), friend(3)]) expect((await page(who, pot.id)).status).toBe(200);
    const hidden = await page(stranger, pot.id);
    const unknown = await page(stranger, '00000000-0000-4000-8000-000000000000');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await unknown.json());
    expect((await join(stranger, pot.id, { optionId: optionId(pot, 0) })).status).toBe(404);
    expect((await creator.agent.get('/api/pots/not-a-uuid')).status).toBe(422);
  });

  test('Closest Guess hides others’ guesses until entries close', async () => {
    const pot = await create({ kind: 'closest', options: [], entry: { guess: 21.5 } });
    expect((await join(friend(0), pot.id, { guess: 30 })).status).toBe(200);
    const seen = (await (await page(friend(0), pot.id)).json()).entrants.map((e) => e.guess);
    expect(seen).toEqual([null, 30]);
    expect((await creator.agent.api.pots[':id'].close.$post({ param: { id: pot.id } })).status).toBe(200);
    expect((await (await page(friend(0), pot.id)).json()).entrants.map((e) => e.guess)).toEqual([21.5, 30]);
  });
});

describe('entries', () => {
  test('join, one entry per person, change pick, leave, and closed entries', async () => {
    const pot = await create();
    const joined = await join(friend(0), pot.id, { optionId: optionId(pot, 1) });
    expect(joined.status).toBe(200);
    expect((await joined.json()).entrants.map((e) => e.user.id)).toEqual([creator.id, friend(0).id]);
    const again = await join(friend(0), pot.id, { optionId: optionId(pot, 2) });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error.message).toBe('You already joined this pot.');
    const changed = await friend(0).agent.api.pots[':id'].entry.$put({
      param: { id: pot.id },
      json: { optionId: optionId(pot, 2) },
    });
    expect((await changed.json()).entrants.find((e) => e.user.id === friend(0).id)?.optionId).toBe(
      optionId(pot, 2),
    );
    // An outcome of another pot, or a guess on a Choices pot, is refused.
    const other = await create();
    expect((await join(friend(1), pot.id, { optionId: optionId(other, 0) })).status).toBe(422);
    expect((await join(friend(1), pot.id, { guess: 3 })).status).toBe(422);
    const left = await friend(0).agent.api.pots[':id'].entry.$delete({ param: { id: pot.id } });
    expect((await left.json()).entrants.map((e) => e.user.id)).toEqual([creator.id]);
    // Only the invited: to anyone else the pot does not exist.
    expect((await join(friend(4), pot.id, { optionId: optionId(pot, 0) })).status).toBe(404);
    expect((await join(friend(1), pot.id, { optionId: optionId(pot, 0) })).status).toBe(200);
    expect((await join(friend(2), pot.id, { optionId: optionId(pot, 0) })).status).toBe(200);
    expect((await friend(0).agent.api.pots[':id'].close.$post({ param: { id: pot.id } })).status).toBe(403);
    const closed = await creator.agent.api.pots[':id'].close.$post({ param: { id: pot.id } });
    expect((await closed.json()).status).toBe('awaiting');
    const late = await join(friend(0), pot.id, { optionId: optionId(pot, 0) });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).error.message).toBe('Entries for this pot are closed.');
    expect((await friend(1).agent.api.pots[':id'].entry.$delete({ param: { id: pot.id } })).status).toBe(409);
  });

  test('a passed closing time closes entries', async () => {
    const pot = await create({ closesAt: new Date(Date.now() + 60_000).toISOString() });
    await t.db.execute(`update pot set closes_at = now() - interval '1 second' where id = '${pot.id}'`);
    const late = await join(friend(0), pot.id, { optionId: optionId(pot, 0) });
    expect((await errorOf(late)).error.message).toBe('Entries for this pot are closed.');
  });

  test('closing with fewer than two entrants returns the stakes', async () => {
    const pot = await create();
    const closed = await (await creator.agent.api.pots[':id'].close.$post({ param: { id: pot.id } })).json();
    expect(closed).toMatchObject({ status: 'decided', outcome: 'not_enough', payments: [] });
    expect(closed.entrants.map((e) => e.payout)).toEqual([10]);
  });
});

describe('deciding and paying', () => {
  test('choices: winners share, leftovers to the first to join, payments in join order, then all paid', async () => {
    // 4 entrants × $5 = $20; creator (Chiefs), f0 (Eagles), f1 (Chiefs), f2 (Lions) → Chiefs: creator and f1 get $10.
    const pot = await create({ stake: 5 });
    await join(friend(0), pot.id, { optionId: optionId(pot, 1) });
    await join(friend(1), pot.id, { optionId: optionId(pot, 0) });
    await join(friend(2), pot.id, { optionId: optionId(pot, 2) });
    expect((await declare(friend(0), pot.id, { optionId: optionId(pot, 0) })).status).toBe(403);
    expect((await declare(creator, pot.id, { number: 3 })).status).toBe(422);
    const decided = await (await declare(creator, pot.id, { optionId: optionId(pot, 0) })).json();
    expect(decided).toMatchObject({ status: 'decided', outcome: 'won', resultOptionId: optionId(pot, 0) });
    expect(decided.entrants.map((e) => e.payout)).toEqual([10, 0, 10, 0]);
    expect(decided.payments.map((p) => [p.payer.id, p.payee.id, p.amount])).toEqual([
      [friend(0).id, creator.id, 5],
      [friend(2).id, friend(1).id, 5],
    ]);
    expect((await declare(creator, pot.id, { optionId: optionId(pot, 1) })).status).toBe(409);
    expect((await creator.agent.api.pots[':id'].cancel.$post({ param: { id: pot.id } })).status).toBe(409);
    for (const payment of decided.payments) {
      const payer = [creator, ...friends].find((p) => p.id === payment.payer.id);
      const payee = [creator, ...friends].find((p) => p.id === payment.payee.id);
      if (!payer || !payee) throw new Error('unknown party');
      const param = { id: pot.id, paymentId: payment.id };
      expect(
        (await payee.agent.api.pots[':id'].payments[':paymentId'].confirmed.$post({ param })).status,
      ).toBe(409);
      expect((await payee.agent.api.pots[':id'].payments[':paymentId'].sent.$post({ param })).status).toBe(
        403,
      );
      expect((await payer.agent.api.pots[':id'].payments[':paymentId'].sent.$post({ param })).status).toBe(
        200,
      );
      expect(
        (await payer.agent.api.pots[':id'].payments[':paymentId'].confirmed.$post({ param })).status,
      ).toBe(403);
      expect(
        (await payee.agent.api.pots[':id'].payments[':paymentId'].confirmed.$post({ param })).status,
      ).toBe(200);
    }
    const paid = await (await page(creator, pot.id)).json();
    expect(paid.payments.every((p) => p.sent && p.confirmed)).toBe(true);
    const lines = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, friend(1).id));
    expect(
      lines
        .filter((l) => l.data.potId === pot.id)
        .map((l) => l.type)
        .sort(),
    ).toEqual(['pot_decided', 'pot_invited', 'pot_payment_marked']);
  });

  test('leftover dollars: $15 among two winners is 8 and 7, first joiner first', async () => {
    const pot = await create({ stake: 5 });
    await join(friend(0), pot.id, { optionId: optionId(pot, 0) });
    await join(friend(1), pot.id, { optionId: optionId(pot, 1) });
    const decided = await (await declare(creator, pot.id, { optionId: optionId(pot, 0) })).json();
    expect(decided.entrants.map((e) => e.payout)).toEqual([8, 7, 0]);
    expect(decided.payments.map((p) => [p.payer.id, p.payee.id, p.amount])).toEqual([
      [friend(1).id, creator.id, 3],
      [friend(1).id, friend(0).id, 2],
    ]);
  });

  test('over/under: a result on the line is a push; otherwise Over or Under wins', async () => {
    const push = await create({ kind: 'over_under', options: [], line: 45.5, entry: { optionIndex: 0 } });
    expect(push.options.map((o) => o.label)).toEqual(['Over 45.5', 'Under 45.5']);
    await join(friend(0), push.id, { optionId: optionId(push, 1) });
    const pushed = await (await declare(creator, push.id, { number: 45.5 })).json();
    expect(pushed).toMatchObject({ outcome: 'push', payments: [] });
    const over = await create({ kind: 'over_under', options: [], line: 45.5, entry: { optionIndex: 0 } });
    await join(friend(0), over.id, { optionId: optionId(over, 1) });
    const won = await (await declare(creator, over.id, { number: 50 })).json();
    expect(won).toMatchObject({ outcome: 'won', resultOptionId: optionId(over, 0), resultNumber: 50 });
    expect(won.payments.map((p) => [p.payer.id, p.payee.id, p.amount])).toEqual([
      [friend(0).id, creator.id, 10],
    ]);
  });

  test('no winners returns every stake; closest guess ties share', async () => {
    const none = await create();
    await join(friend(0), none.id, { optionId: optionId(none, 0) });
    expect(await (await declare(creator, none.id, { optionId: optionId(none, 2) })).json()).toMatchObject({
      outcome: 'no_winners',
      payments: [],
    });
    const closest = await create({ kind: 'closest', options: [], entry: { guess: 10 }, stake: 3 });
    await join(friend(0), closest.id, { guess: 14 });
    await join(friend(1), closest.id, { guess: 20 });
    const decided = await (await declare(creator, closest.id, { number: 12 })).json();
    // $9 among the two guesses 2 away: 5 to the creator (joined first), 4 to f0.
    expect(decided.entrants.map((e) => e.payout)).toEqual([5, 4, 0]);
    expect(decided.payments.map((p) => [p.payer.id, p.payee.id, p.amount])).toEqual([
      [friend(1).id, creator.id, 2],
      [friend(1).id, friend(0).id, 1],
    ]);
  });

  test('a referee decides once they accept; cancel tells everyone', async () => {
    const pot = await create({
      decider: 'referee',
      refereeId: friend(4).id,
      inviteeIds: [friend(0).id, friend(1).id],
    });
    await join(friend(0), pot.id, { optionId: optionId(pot, 1) });
    expect((await join(friend(4), pot.id, { optionId: optionId(pot, 1) })).status).toBe(403);
    expect((await declare(creator, pot.id, { optionId: optionId(pot, 1) })).status).toBe(403);
    const early = await declare(friend(4), pot.id, { optionId: optionId(pot, 1) });
    expect(early.status).toBe(409);
    expect((await friend(0).agent.api.pots[':id'].referee.$post({ param: { id: pot.id } })).status).toBe(403);
    const accepted = await (
      await friend(4).agent.api.pots[':id'].referee.$post({ param: { id: pot.id } })
    ).json();
    expect(accepted.refereeAccepted).toBe(true);
    expect((await declare(friend(4), pot.id, { optionId: optionId(pot, 1) })).status).toBe(200);

    const cancelled = await create();
    expect((await friend(0).agent.api.pots[':id'].cancel.$post({ param: { id: cancelled.id } })).status).toBe(
      403,
    );
    expect(
      (await (await creator.agent.api.pots[':id'].cancel.$post({ param: { id: cancelled.id } })).json())
        .status,
    ).toBe('cancelled');
    const lines = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, friend(2).id));
    expect(lines.some((l) => l.type === 'pot_cancelled' && l.data.potId === cancelled.id)).toBe(true);
    expect((await join(friend(0), cancelled.id, { optionId: optionId(cancelled, 0) })).status).toBe(409);
    expect((await declare(creator, cancelled.id, { optionId: optionId(cancelled, 0) })).status).toBe(409);
  });

  test('payments are stored in the deciding transaction', async () => {
    const pot = await create();
    await join(friend(0), pot.id, { optionId: optionId(pot, 1) });
    await declare(creator, pot.id, { optionId: optionId(pot, 0) });
    const rows = await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id));
    expect(rows.map((r) => [r.payerId, r.payeeId, r.amount])).toEqual([[friend(0).id, creator.id, 10]]);
  });

  test('entrants vote: a strict majority decides, votes change until then, only entrants vote', async () => {
    const pot = await create({ decider: 'vote' });
    await join(friend(0), pot.id, { optionId: optionId(pot, 1) });
    await join(friend(1), pot.id, { optionId: optionId(pot, 1) });
    await join(friend(2), pot.id, { optionId: optionId(pot, 0) });
    const vote = (who: Person, position: number) =>
      who.agent.api.pots[':id'].vote.$post({
        param: { id: pot.id },
        json: { optionId: optionId(pot, position) },
      });
    expect((await declare(creator, pot.id, { optionId: optionId(pot, 0) })).status).toBe(409);
    expect((await vote(friend(3), 0)).status).toBe(404);
    expect((await vote(friend(0), 1)).status).toBe(200);
    expect((await vote(friend(1), 1)).status).toBe(200);
    // 2 of 4 is not a strict majority; friend 1 changes their mind.
    expect((await vote(friend(1), 0)).status).toBe(200);
    const tally = await (await vote(creator, 0)).json();
    expect(tally).toMatchObject({ status: 'open' });
    expect(tally.votes).toHaveLength(3);
    const decided = await (await vote(friend(2), 0)).json();
    // Three of four on Chiefs: creator and friend 2 picked it and share $40.
    expect(decided).toMatchObject({ status: 'decided', outcome: 'won', resultOptionId: optionId(pot, 0) });
    expect(decided.entrants.map((e) => e.payout)).toEqual([20, 0, 0, 20]);
    expect((await vote(friend(0), 1)).status).toBe(409);
    const refused = await creator.agent.api.pots.$post({
      json: potInput({ decider: 'vote', kind: 'closest', options: [], entry: null }),
    });
    expect(refused.status).toBe(422);
  });
});
