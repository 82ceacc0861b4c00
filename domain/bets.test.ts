import { expect, test } from 'vitest';
import {
  availableBetActions,
  canDispute,
  checkPlaceBet,
  formatDueDate,
  isOverdue,
  isResolveByAllowed,
  createBetInputSchema,
  needsAction,
  parseCustomAmount,
  waitingReason,
  viewerBetActions,
  type Bet,
  type BetState,
} from './bets.ts';

const valid = { description: 'Lakers win tonight', opponentId: 'u2', amount: 10 };

test('place-bet checks run in the spec order with its texts', () => {
  expect(checkPlaceBet({ description: ' ', opponentId: null, amount: null })).toEqual({
    field: 'description',
    title: 'Missing Bet Description',
    message: "Please describe what you're betting on.",
  });
  expect(checkPlaceBet({ ...valid, opponentId: null, amount: null })).toMatchObject({
    title: 'Select a Friend',
    message: 'Choose who you want to bet with.',
  });
  expect(checkPlaceBet({ ...valid, amount: null })).toMatchObject({
    title: 'Choose Wager Amount',
    message: 'Select how much you want to bet.',
  });
  expect(checkPlaceBet({ ...valid, amount: 1.5 })).toMatchObject({
    title: 'Invalid Custom Amount',
    message: 'Please enter a valid amount.',
  });
  expect(checkPlaceBet(valid)).toBeNull();
});

test.each([0, -1, 1.5, 10_001, Number.NaN])('amount %d is refused', (amount) => {
  expect(checkPlaceBet({ ...valid, amount })?.field).toBe('amount');
  expect(createBetInputSchema.safeParse({ ...valid, amount }).success).toBe(false);
});

test.each([1, 10_000])('amount %d is accepted', (amount) => {
  expect(createBetInputSchema.parse({ ...valid, amount })).toEqual({ ...valid, amount, opponentStake: amount, resolveBy: null, refereeId: null });
});

test('descriptions are trimmed and at most 280 characters', () => {
  expect(createBetInputSchema.parse({ ...valid, description: '  hi  ' }).description).toBe('hi');
  expect(checkPlaceBet({ ...valid, description: 'x'.repeat(280) })).toBeNull();
  expect(checkPlaceBet({ ...valid, description: 'x'.repeat(281) })?.field).toBe('description');
});

test('the custom amount dialog accepts whole numbers of at least 1 only', () => {
  expect(parseCustomAmount('25')).toBe(25);
  expect(parseCustomAmount(' 7 ')).toBe(7);
  for (const bad of ['0', '-3', '2.5', 'abc', '', '1e3', '10001']) expect(parseCustomAmount(bad)).toBeNull();
});

const base: BetState = {
  creatorId: 'c',
  opponentId: 'o',
  status: 'pending',
  winnerId: null,
  voidRequestedBy: null,
  paymentSent: false,
  paymentConfirmed: false,
  completedAt: null,
  resolvedBy: null,
  resolution: null,
  disputedAt: null,
  resolveBy: null,
};

test('a pending bet waits on its opponent only', () => {
  expect(needsAction(base, 'o')).toBe(true);
  expect(needsAction(base, 'c')).toBe(false);
  expect(needsAction(base, 'stranger')).toBe(false);
});

test('an active bet waits on the party who did not request the void', () => {
  const active = { ...base, status: 'active' as const };
  expect(needsAction(active, 'c')).toBe(false);
  expect(needsAction({ ...active, voidRequestedBy: 'c' }, 'o')).toBe(true);
  expect(needsAction({ ...active, voidRequestedBy: 'c' }, 'c')).toBe(false);
});

test('a completed bet waits on the loser to pay, then on the winner to confirm', () => {
  const done = { ...base, status: 'completed' as const, winnerId: 'o' };
  expect(needsAction(done, 'c')).toBe(true);
  expect(needsAction(done, 'o')).toBe(false);
  const sent = { ...done, paymentSent: true };
  expect(needsAction(sent, 'c')).toBe(false);
  expect(needsAction(sent, 'o')).toBe(true);
  const settled = { ...sent, paymentConfirmed: true };
  expect(needsAction(settled, 'c')).toBe(false);
  expect(needsAction(settled, 'o')).toBe(false);
});

test('waitingReason names why a bet waits on the user; availableBetActions what they may do', () => {
  expect(waitingReason(base, 'o')).toBe('answer');
  expect(waitingReason({ ...base, status: 'active', voidRequestedBy: 'c' }, 'o')).toBe('confirm_void');
  const done = { ...base, status: 'completed' as const, winnerId: 'o' };
  expect(waitingReason(done, 'c')).toBe('pay');
  expect(waitingReason({ ...done, paymentSent: true }, 'o')).toBe('confirm_payment');
  expect(waitingReason({ ...done, paymentSent: true, paymentConfirmed: true }, 'o')).toBeNull();

  expect(availableBetActions(base, 'o')).toEqual(['accept', 'decline', 'counter']);
  expect(availableBetActions(base, 'c')).toEqual([]);
  expect(availableBetActions(base, 'stranger')).toEqual([]);
  expect(availableBetActions({ ...base, status: 'active' }, 'c')).toEqual(['resolve', 'requestVoid']);
  expect(availableBetActions({ ...base, status: 'active', voidRequestedBy: 'c' }, 'c')).toEqual(['resolve', 'cancelVoid']);
  expect(availableBetActions({ ...base, status: 'active', voidRequestedBy: 'c' }, 'o')).toEqual(['resolve', 'confirmVoid', 'keepBet']);
  expect(availableBetActions(done, 'c')).toEqual(['markPaid']);
  expect(availableBetActions({ ...done, paymentSent: true }, 'o')).toEqual(['confirmPayment']);
});

test('disputes: the named loser of an I Won, unpaid, within 48 hours; a disputed bet only concedes', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const claimed = {
    ...base,
    status: 'completed' as const,
    winnerId: 'c',
    resolvedBy: 'c',
    resolution: 'won' as const,
    completedAt: '2026-03-09T12:00:00Z',
  };
  expect(canDispute(claimed, 'o', now)).toBe(true);
  expect(availableBetActions(claimed, 'o', now)).toEqual(['markPaid', 'dispute']);
  expect(canDispute(claimed, 'c', now)).toBe(false);
  expect(canDispute(claimed, 'stranger', now)).toBe(false);
  expect(canDispute({ ...claimed, paymentSent: true }, 'o', now)).toBe(false);
  expect(canDispute({ ...claimed, completedAt: '2026-03-08T12:00:00Z' }, 'o', now)).toBe(false);
  expect(canDispute({ ...claimed, completedAt: '2026-03-08T12:01:00Z' }, 'o', now)).toBe(true);
  // 'I Lost' is a concession: the loser resolved it.
  expect(canDispute({ ...claimed, resolvedBy: 'o', resolution: 'lost' }, 'o', now)).toBe(false);
  const disputed = { ...base, status: 'active' as const, disputedAt: '2026-03-10T00:00:00Z' };
  expect(availableBetActions(disputed, 'c')).toEqual(['concede', 'requestVoid']);
  expect(waitingReason(disputed, 'c')).toBe('resolve');
  expect(waitingReason(disputed, 'o')).toBe('resolve');
});

test('resolve-by: today or later, a real date; overdue from the day after, while active', () => {
  expect(isResolveByAllowed('2026-03-10', '2026-03-10')).toBe(true);
  expect(isResolveByAllowed('2026-03-09', '2026-03-10')).toBe(false);
  expect(isResolveByAllowed('2026-02-30', '2026-01-01')).toBe(false);
  expect(isResolveByAllowed('2026-3-10', '2026-01-01')).toBe(false);
  expect(checkPlaceBet({ ...valid, resolveBy: '2026-03-09' }, '2026-03-10')).toMatchObject({
    field: 'resolveBy',
    message: 'Please choose today or a later date.',
  });
  expect(formatDueDate('2026-03-10')).toBe('Mar 10, 2026');
  const dated = { ...base, status: 'active' as const, resolveBy: '2026-03-10' };
  expect(isOverdue(dated, '2026-03-10')).toBe(false);
  expect(isOverdue(dated, '2026-03-11')).toBe(true);
  expect(isOverdue({ ...dated, status: 'completed' }, '2026-03-11')).toBe(false);
  expect(waitingReason(dated, 'o', '2026-03-11')).toBe('resolve');
  expect(waitingReason(dated, 'o', '2026-03-10')).toBeNull();
});

test('a refereed bet: the opponent answers once; the parties neither claim nor concede until a dispute (ADR 061)', () => {
  const base = {
    creatorId: 'c',
    opponentId: 'o',
    winnerId: null,
    voidRequestedBy: null,
    paymentSent: false,
    paymentConfirmed: false,
    resolvedBy: null,
    resolution: null,
    disputedAt: null,
    completedAt: null,
    resolveBy: null,
    refereed: true,
  };
  expect(availableBetActions({ ...base, status: 'pending' }, 'o')).toEqual(['accept', 'decline', 'counter']);
  expect(availableBetActions({ ...base, status: 'pending', opponentAccepted: true }, 'o')).toEqual([]);
  expect(waitingReason({ ...base, status: 'pending', opponentAccepted: true }, 'o')).toBeNull();
  expect(availableBetActions({ ...base, status: 'active' }, 'c')).toEqual(['requestVoid']);
  expect(availableBetActions({ ...base, status: 'active', disputedAt: '2026-11-01T00:00:00Z' }, 'o')).toEqual(['concede', 'requestVoid']);
});

/** A completed bet as the web holds it: Cal claimed 'I Won' against Oli an hour before `now`. */
function heldBet(overrides: Partial<Bet> = {}): Bet {
  const party = (id: string, name: string) => ({
    id,
    name,
    username: id,
    image: null,
    venmoHandle: `@${id}`,
  });
  return {
    id: 'b1',
    creator: party('c', 'Cal'),
    opponent: party('o', 'Oli'),
    description: 'Lakers win tonight',
    amount: 20,
    creatorStake: 20,
    opponentStake: 20,
    counterCount: 0,
    status: 'completed',
    winnerId: 'c',
    voidRequestedBy: null,
    paymentSent: false,
    paymentConfirmed: false,
    acceptanceComment: null,
    createdAt: '2026-03-10T10:00:00.000Z',
    completedAt: '2026-03-10T11:00:00.000Z',
    resolvedBy: 'c',
    resolution: 'won',
    disputedAt: null,
    disputeReason: null,
    resolveBy: null,
    settlement: null,
    reminder: null,
    payTo: null,
    ...overrides,
  };
}

test('viewerBetActions reads a held bet with the one rule, its settle-up payment included', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const bet = heldBet();
  expect(viewerBetActions(bet, 'o', now)).toEqual(['markPaid', 'dispute']);
  expect(viewerBetActions(bet, 'c', now)).toEqual([]);
  expect(viewerBetActions(bet, 'stranger', now)).toEqual([]);
  // Paid in a settle-up payment, confirmed or not: nothing is left to do with the bet itself.
  for (const confirmed of [false, true]) {
    const settled = heldBet({ settlement: { id: 's1', amount: 35, confirmed } });
    expect(viewerBetActions(settled, 'o', now)).toEqual([]);
    expect(viewerBetActions({ ...settled, paymentSent: true }, 'c', now)).toEqual([]);
  }
  expect(viewerBetActions(heldBet({ paymentSent: true }), 'c', now)).toEqual(['confirmPayment']);
  // Every state reads the same as the server's availableBetActions over the bet's columns.
  const open = { winnerId: null, resolvedBy: null, resolution: null, completedAt: null };
  const states: Array<Partial<Bet>> = [
    { ...open, status: 'pending' },
    { ...open, status: 'active', voidRequestedBy: 'o' },
    { ...open, status: 'active', disputedAt: '2026-03-10T11:30:00.000Z' },
    { paymentSent: true },
    { paymentSent: true, paymentConfirmed: true },
    { settlement: { id: 's1', amount: 20, confirmed: false } },
  ];
  for (const overrides of states) {
    const held = heldBet(overrides);
    const columns: BetState = { ...held, creatorId: 'c', opponentId: 'o', settled: held.settlement !== null };
    for (const viewer of ['c', 'o', 'stranger'])
      expect(viewerBetActions(held, viewer, now)).toEqual(availableBetActions(columns, viewer, now));
  }
});
