import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  checkCreatePot,
  createPotInputSchema,
  paymentPlan,
  potMessages,
  potPaymentLine,
  potState,
  areEntriesClosed,
  waitingPotLine,
  potTotalText,
  potPaymentNote,
  splitPot,
  type CreatePotFields,
  potEntrantsText,
  potResultText,
} from './pots.ts';
import { venmoLink } from './pay-link.ts';

const valid: CreatePotFields = {
  question: 'Who wins the Super Bowl?',
  kind: 'choices',
  options: ['Chiefs', 'Eagles'],
  line: null,
  stake: 10,
  closesAt: null,
  resolveBy: null,
  decider: 'me',
  refereeId: null,
  inviteeIds: ['a1', 'b2'],
  entry: { optionIndex: 0 },
};

describe('creating a pot', () => {
  test('a valid pot passes', () => {
    expect(checkCreatePot(valid)).toBeNull();
  });

  test('the refusals carry the literal texts', () => {
    expect(checkCreatePot({ ...valid, question: '  ' })).toEqual({
      field: 'question',
      title: 'Missing Question',
      message: 'Please say what the pot is about.',
    });
    expect(checkCreatePot({ ...valid, options: ['Chiefs'] })).toEqual({
      field: 'options',
      title: 'Add Choices',
      message: 'A pot needs at least two different choices.',
    });
    expect(checkCreatePot({ ...valid, options: ['Chiefs', ' chiefs '] })?.title).toBe('Add Choices');
    expect(checkCreatePot({ ...valid, inviteeIds: ['a1'] })).toEqual({
      field: 'inviteeIds',
      title: 'Invite Friends',
      message: 'Invite at least two friends to a pot.',
    });
    expect(checkCreatePot({ ...valid, inviteeIds: ['a1', 'a1'] })?.title).toBe('Invite Friends');
    expect(checkCreatePot({ ...valid, stake: null })?.title).toBe('Choose Wager Amount');
    expect(checkCreatePot({ ...valid, stake: 2.5 })?.title).toBe('Invalid Custom Amount');
    expect(checkCreatePot({ ...valid, stake: 10_001 })?.message).toBe('The most you can bet is $10,000.');
  });

  test('lengths and counts', () => {
    expect(checkCreatePot({ ...valid, question: 'x'.repeat(280) })).toBeNull();
    expect(checkCreatePot({ ...valid, question: 'x'.repeat(281) })?.title).toBe('Question Too Long');
    expect(checkCreatePot({ ...valid, options: ['x'.repeat(60), 'y'] })).toBeNull();
    expect(checkCreatePot({ ...valid, options: ['x'.repeat(61), 'y'] })?.title).toBe('Choice Too Long');
    expect(checkCreatePot({ ...valid, options: Array.from({ length: 10 }, (_, i) => `o${i}`) })).toBeNull();
    expect(checkCreatePot({ ...valid, options: Array.from({ length: 11 }, (_, i) => `o${i}`) })?.title).toBe(
      'Too Many Choices',
    );
    expect(
      checkCreatePot({ ...valid, inviteeIds: Array.from({ length: 49 }, (_, i) => `u${i}`) }),
    ).toBeNull();
    expect(
      checkCreatePot({ ...valid, inviteeIds: Array.from({ length: 50 }, (_, i) => `u${i}`) })?.title,
    ).toBe('Too Many Friends');
  });

  test('kinds, deciders and the creator entry', () => {
    expect(checkCreatePot({ ...valid, kind: 'over_under', options: [], line: null })?.title).toBe(
      'Missing Line',
    );
    expect(
      checkCreatePot({ ...valid, kind: 'over_under', options: [], line: 45.5, entry: { optionIndex: 1 } }),
    ).toBeNull();
    expect(checkCreatePot({ ...valid, kind: 'over_under', options: [], line: 45.555 })?.title).toBe(
      'Invalid Number',
    );
    expect(checkCreatePot({ ...valid, kind: 'closest', options: [], entry: { guess: 12 } })).toBeNull();
    expect(
      checkCreatePot({ ...valid, kind: 'closest', options: [], entry: { optionIndex: 0 } }),
    ).toMatchObject(potMessages.enterGuess);
    expect(checkCreatePot({ ...valid, entry: { optionIndex: 2 } })).toMatchObject(potMessages.pickOutcome);
    expect(checkCreatePot({ ...valid, entry: null })).toBeNull();
    expect(
      checkCreatePot({ ...valid, kind: 'closest', options: [], decider: 'vote', entry: null })?.title,
    ).toBe('Entrants vote');
    expect(checkCreatePot({ ...valid, decider: 'referee', refereeId: null })?.title).toBe('Pick a Referee');
    expect(checkCreatePot({ ...valid, decider: 'referee', refereeId: 'a1' })).toMatchObject(
      potMessages.refereeInvited,
    );
    expect(checkCreatePot({ ...valid, decider: 'referee', refereeId: 'c3' })).toBeNull();
    const now = new Date('2026-11-26T12:00:00Z');
    expect(checkCreatePot({ ...valid, closesAt: '2026-11-26T11:00:00Z' }, now)?.title).toBe('Invalid Date');
    expect(checkCreatePot({ ...valid, closesAt: '2026-11-26T13:00:00Z' }, now)).toBeNull();
  });

  test('the schema trims, makes Over/Under outcomes and drops what the kind does not use', () => {
    const parsed = createPotInputSchema.parse({
      ...valid,
      kind: 'over_under',
      options: ['ignored', 'too'],
      line: 45.5,
      refereeId: 'x',
    });
    expect(parsed.options).toEqual(['Over 45.5', 'Under 45.5']);
    expect(parsed.refereeId).toBeNull();
    const choices = createPotInputSchema.parse({ ...valid, question: '  Q?  ', options: [' A ', '', 'B'] });
    expect(choices).toMatchObject({ question: 'Q?', options: ['A', 'B'] });
    expect(createPotInputSchema.safeParse({ ...valid, question: '' }).success).toBe(false);
  });
});

describe('texts', () => {
  test('payment line, total, venmo link and state', () => {
    expect(potPaymentLine('Ann', 'Bo', 15)).toBe('Ann pays Bo $15');
    expect(potTotalText(40)).toBe('Pot: $40');
    expect(venmoLink('@bo-1', 15, potPaymentNote('Who wins?'))).toBe(
      'https://venmo.com/bo-1?txn=pay&amount=15&note=Sidepot%20pot%3A%20Who%20wins%3F',
    );
    expect(
      potState({ status: 'open', closesAt: '2026-01-01T00:00:00.000Z', now: '2026-01-02T00:00:00.000Z' }),
    ).toBe('awaiting');
    expect(potState({ status: 'open', closesAt: null, now: '2026-01-02T00:00:00.000Z' })).toBe('open');
    // Entries closed by the creator: awaiting the result, as a pot stored 'closed' by the first slice.
    const now = '2026-01-02T00:00:00.000Z';
    expect(potState({ status: 'closed', closesAt: null, now })).toBe('awaiting');
    expect(areEntriesClosed({ status: 'awaiting', closesAt: null, now })).toBe(true);
    expect(areEntriesClosed({ status: 'open', closesAt: null, now })).toBe(false);
    expect(areEntriesClosed({ status: 'cancelled', closesAt: null, now })).toBe(false);
    expect(areEntriesClosed({ status: 'decided', closesAt: null, now })).toBe(true);
  });

  test('the line of a pot waiting on you', () => {
    const creator = { id: 'c', name: 'Ana', image: null };
    expect(waitingPotLine({ reason: 'join', question: 'Who wins?', creator })).toBe(
      'Ana invited you to a pot: Who wins?',
    );
    expect(waitingPotLine({ reason: 'referee', question: 'Who wins?', creator })).toBe(
      'Ana asked you to referee a pot: Who wins?',
    );
    expect(waitingPotLine({ reason: 'pick_referee', question: 'Who wins?', creator })).toBe(
      'Your referee declined: Who wins?',
    );
  });
});

describe('the split', () => {
  const people = (wins: boolean[]) => wins.map((won, i) => ({ userId: `u${i}`, won }));

  test('leftover dollars go one each to the winners who joined first', () => {
    // 7 entrants × $5 = $35 among 3 winners: 11, 12, 12 → the first two get 12.
    const split = splitPot({ stake: 5, entrants: people([false, true, false, true, false, true, false]) });
    expect(split.outcome).toBe('won');
    expect(split.payouts.map((p) => p.payout)).toEqual([0, 12, 0, 12, 0, 11, 0]);
  });

  test('push, no winners and not enough entrants return every stake', () => {
    expect(splitPot({ stake: 5, entrants: people([true, false]), push: true })).toEqual({
      outcome: 'push',
      payouts: [
        { userId: 'u0', payout: 5 },
        { userId: 'u1', payout: 5 },
      ],
    });
    expect(splitPot({ stake: 5, entrants: people([false, false, false]) }).outcome).toBe('no_winners');
    expect(splitPot({ stake: 5, entrants: people([true]) })).toEqual({
      outcome: 'not_enough',
      payouts: [{ userId: 'u0', payout: 5 }],
    });
    expect(splitPot({ stake: 5, entrants: [] }).outcome).toBe('not_enough');
  });

  const entrantsArb = fc.array(fc.boolean(), { minLength: 2, maxLength: 50 }).map(people);
  const stakeArb = fc.integer({ min: 1, max: 10_000 });

  test('property: payouts sum to the pot, winners differ by at most a dollar, earlier winners never get less', () => {
    fc.assert(
      fc.property(stakeArb, entrantsArb, (stake, entrants) => {
        const split = splitPot({ stake, entrants });
        const total = split.payouts.reduce((sum, p) => sum + p.payout, 0);
        expect(total).toBe(stake * entrants.length);
        const winners = split.payouts.filter((_, i) => entrants[i]?.won);
        if (split.outcome === 'won') {
          const amounts = winners.map((p) => p.payout);
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          for (let i = 1; i < amounts.length; i++)
            expect(amounts[i - 1]).toBeGreaterThanOrEqual(amounts[i] ?? 0);
          split.payouts.forEach((p, i) => {
            if (!entrants[i]?.won) expect(p.payout).toBe(0);
            expect(Number.isInteger(p.payout)).toBe(true);
          });
        } else {
          expect(split.outcome).toBe('no_winners');
          expect(split.payouts.every((p) => p.payout === stake)).toBe(true);
        }
      }),
    );
  });

  test('property: the payment plan settles every loser and winner with at most losers + winners − 1 payments', () => {
    fc.assert(
      fc.property(stakeArb, entrantsArb, fc.boolean(), (stake, entrants, push) => {
        const split = splitPot({ stake, entrants, push });
        const plan = paymentPlan(stake, split);
        const losers = split.payouts.filter((p) => p.payout < stake);
        const winners = split.payouts.filter((p) => p.payout > stake);
        const paid = (id: string) =>
          plan.filter((p) => p.payerId === id).reduce((sum, p) => sum + p.amount, 0);
        const received = (id: string) =>
          plan.filter((p) => p.payeeId === id).reduce((sum, p) => sum + p.amount, 0);
        for (const loser of losers) expect(paid(loser.userId)).toBe(stake - loser.payout);
        for (const winner of winners) expect(received(winner.userId)).toBe(winner.payout - stake);
        for (const payment of plan) {
          expect(payment.amount).toBeGreaterThan(0);
          expect(Number.isInteger(payment.amount)).toBe(true);
          expect(payment.payerId).not.toBe(payment.payeeId);
        }
        if (losers.length === 0 || winners.length === 0) expect(plan).toEqual([]);
        else expect(plan.length).toBeLessThanOrEqual(losers.length + winners.length - 1);
      }),
    );
  });

  test('the plan follows join order: the first loser pays the first winner first', () => {
    // u0 wins, u1 and u2 lose, u3 wins: $40 → u0 and u3 get 20 each, net +10 each.
    const split = splitPot({ stake: 10, entrants: people([true, false, false, true]) });
    expect(paymentPlan(10, split)).toEqual([
      { payerId: 'u1', payeeId: 'u0', amount: 10 },
      { payerId: 'u2', payeeId: 'u3', amount: 10 },
    ]);
    // One winner of three at $5: each loser pays them $5.
    expect(paymentPlan(5, splitPot({ stake: 5, entrants: people([false, true, false]) }))).toEqual([
      { payerId: 'u0', payeeId: 'u1', amount: 5 },
      { payerId: 'u2', payeeId: 'u1', amount: 5 },
    ]);
  });
});

test("a pot's result text: the winning outcome, or why every stake came back (ADR 060)", () => {
  expect(potResultText({ outcome: null, winningLabel: null, resultNumber: null })).toBeNull();
  expect(potResultText({ outcome: 'won', winningLabel: 'Chiefs', resultNumber: null })).toBe('Result: Chiefs');
  expect(potResultText({ outcome: 'won', winningLabel: null, resultNumber: 42.5 })).toBe('Result: 42.5');
  expect(potResultText({ outcome: 'not_enough', winningLabel: null, resultNumber: null })).toBe(
    'Not enough entrants — stakes returned',
  );
  expect(potEntrantsText(1)).toBe('1 entrant');
  expect(potEntrantsText(3)).toBe('3 entrants');
});
