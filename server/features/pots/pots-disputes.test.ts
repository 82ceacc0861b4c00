import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PotView } from '#domain/pots.ts';
import { potPayments, pots } from '#server/db/schema/pots.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/*
 * Disputes (ADR 054): within 48 hours an entrant who lost and has not marked paid disputes; the entrants
 * vote 'Keep Result' or 'Overturn' by strict majority; payments are on hold meanwhile.
 */

type Person = { agent: Agent; id: string };

let t: TestApp;
let creator: Person;
let friends: Person[];

beforeAll(async () => {
  t = await createTestApp();
  const c = await signedInUser(t);
  creator = { agent: c.agent, id: c.user.id };
  friends = [];
  for (let i = 0; i < 4; i += 1) {
    const f = await signedInUser(t);
    friends.push({ agent: f.agent, id: f.user.id });
    await makeFriends(t, creator.id, f.user.id);
  }
});
afterAll(() => closeTestApp(t));

const friend = (i: number): Person => {
  const found = friends[i];
  if (!found) throw new Error(`no friend ${i}`);
  return found;
};

/**
 * A decided pot of five: the creator and friend 0 on option 0 (winners), friends 1–3 on option 1 (losers).
 */
async function decidedPot(): Promise<PotView> {
  const res = await creator.agent.api.pots.$post({
    json: {
      question: 'Who wins the office pool?',
      kind: 'choices',
      options: ['Ana', 'Ben'],
      line: null,
      stake: 10,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: friends.map((f) => f.id),
      entry: { optionIndex: 0 },
    },
  });
  const pot = await res.json();
  const option = (position: number) => pot.options.find((o) => o.position === position)?.id ?? '';
  for (const [i, f] of friends.entries()) {
    await f.agent.api.pots[':id'].entry.$post({
      param: { id: pot.id },
      json: { optionId: option(i === 0 ? 0 : 1) },
    });
  }
  const decided = await creator.agent.api.pots[':id'].result.$post({
    param: { id: pot.id },
    json: { optionId: option(0) },
  });
  expect(decided.status).toBe(200);
  return decided.json();
}

const dispute = (who: Person, id: string, reason: string | null = null) =>
  who.agent.api.pots[':id'].dispute.$post({ param: { id }, json: { reason } });
const vote = (who: Person, id: string, overturn: boolean) =>
  who.agent.api.pots[':id'].dispute.vote.$post({ param: { id }, json: { overturn } });

describe('disputes', () => {
  test('only a loser who has not paid, within 48 hours, once; payments on hold; kept by majority', async () => {
    const pot = await decidedPot();
    // A winner cannot dispute; the creator (a winner) neither.
    expect((await dispute(friend(0), pot.id)).status).toBe(403);
    expect((await dispute(creator, pot.id)).status).toBe(403);
    const disputed = await dispute(friend(1), pot.id, '  Ana  was  disqualified ');
    expect(disputed.status).toBe(200);
    const page = await disputed.json();
    expect(page).toMatchObject({
      status: 'disputed',
      disputedBy: friend(1).id,
      disputeReason: 'Ana  was  disqualified',
      outcome: 'won',
    });
    const again = await dispute(friend(2), pot.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error.message).toBe('This pot is already disputed.');

    // Payments on hold.
    const payment = page.payments.find((p) => p.payer.id === friend(2).id);
    if (!payment) throw new Error('no payment from friend 2');
    const held = await friend(2).agent.api.pots[':id'].payments[':paymentId'].sent.$post({
      param: { id: pot.id, paymentId: payment.id },
    });
    expect(held.status).toBe(409);
    expect((await errorOf(held)).error.message).toBe('Payments are on hold while the result is disputed.');

    // Only entrants vote; a vote changes until a strict majority (3 of 5) agrees.
    const stranger = await signedInUser(t);
    expect(
      (
        await stranger.agent.api.pots[':id'].dispute.vote.$post({
          param: { id: pot.id },
          json: { overturn: true },
        })
      ).status,
    ).toBe(404);
    expect((await vote(friend(1), pot.id, true)).status).toBe(200);
    expect((await vote(creator, pot.id, false)).status).toBe(200);
    expect((await vote(friend(0), pot.id, false)).status).toBe(200);
    expect((await vote(friend(1), pot.id, false)).status).toBe(200);
    const [row] = await t.db.select().from(pots).where(eq(pots.id, pot.id));
    expect(row?.status).toBe('decided');
    // A result is disputed once; paying works again.
    expect((await dispute(friend(3), pot.id)).status).toBe(409);
    expect(
      (
        await friend(2).agent.api.pots[':id'].payments[':paymentId'].sent.$post({
          param: { id: pot.id, paymentId: payment.id },
        })
      ).status,
    ).toBe(200);
  });

  test('overturned: back to Awaiting result, the result and payments cleared, declared again', async () => {
    const pot = await decidedPot();
    // A loser who marked paid may not dispute.
    const own = pot.payments.find((p) => p.payer.id === friend(3).id);
    if (!own) throw new Error('no payment from friend 3');
    await friend(3).agent.api.pots[':id'].payments[':paymentId'].sent.$post({
      param: { id: pot.id, paymentId: own.id },
    });
    const paid = await dispute(friend(3), pot.id);
    expect(paid.status).toBe(409);
    expect((await errorOf(paid)).error.message).toBe(
      'You marked your payment paid, so the result can no longer be disputed.',
    );
    expect((await dispute(friend(1), pot.id)).status).toBe(200);
    for (const f of [friend(1), friend(2)]) expect((await vote(f, pot.id, true)).status).toBe(200);
    const overturned = await (await vote(friend(3), pot.id, true)).json();
    expect(overturned).toMatchObject({
      status: 'awaiting',
      outcome: null,
      resultOptionId: null,
      disputedAt: null,
      payments: [],
      disputeVotes: [],
    });
    expect(overturned.entrants.every((e) => e.payout === null)).toBe(true);
    expect(await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id))).toEqual([]);
    // Voting again is refused; the creator declares again, and the new result may be disputed again.
    expect((await vote(friend(1), pot.id, true)).status).toBe(409);
    const option = (position: number) => pot.options.find((o) => o.position === position)?.id ?? '';
    const again = await creator.agent.api.pots[':id'].result.$post({
      param: { id: pot.id },
      json: { optionId: option(1) },
    });
    expect(again.status).toBe(200);
    expect((await again.json()).status).toBe('decided');
    expect((await dispute(creator, pot.id)).status).toBe(200);
  });

  test('after 48 hours a result can no longer be disputed', async () => {
    const pot = await decidedPot();
    await t.db.execute(`update pot set decided_at = now() - interval '49 hours' where id = '${pot.id}'`);
    const late = await dispute(friend(1), pot.id);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).error.message).toBe('A result can be disputed only within 48 hours.');
  });

  test('two votes completing a majority at once: the dispute ends once', async () => {
    const pot = await decidedPot();
    expect((await dispute(friend(1), pot.id)).status).toBe(200);
    expect((await vote(friend(1), pot.id, true)).status).toBe(200);
    expect((await vote(friend(2), pot.id, true)).status).toBe(200);
    // 2 of 5 overturn; the third and fourth arrive together: the first completes the majority.
    const statuses = (await Promise.all([vote(friend(3), pot.id, true), vote(creator, pot.id, true)])).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(pots).where(eq(pots.id, pot.id));
    expect(row).toMatchObject({ status: 'awaiting', outcome: null });
    expect(await t.db.select().from(potPayments).where(eq(potPayments.potId, pot.id))).toEqual([]);
  });
});
