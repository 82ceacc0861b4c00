import { describe, expect, test } from 'vitest';
import { betEventSentence, buildBetTimeline, type RawBetEvent } from './bet-timeline.ts';

const raw = (
  kind: RawBetEvent['kind'],
  actorId: string,
  minute: number,
  extra: Partial<RawBetEvent> = {},
): RawBetEvent => ({
  kind,
  actorId,
  at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  winnerId: null,
  amount: null,
  betCount: null,
  stakes: null,
  ...extra,
});
const now = {
  status: 'active' as const,
  voidRequestedBy: null,
  acceptanceComment: null,
  disputeReason: null,
};

test('a void request neither kept, nor ended by a resolution, nor standing was withdrawn by its requester', () => {
  const events = buildBetTimeline(
    [
      raw('placed', 'a', 0),
      raw('accepted', 'b', 1),
      raw('void_requested', 'a', 2),
      raw('void_requested', 'b', 3),
      raw('void_kept', 'a', 4),
      raw('void_requested', 'a', 5),
    ],
    now,
  );
  expect(events.map((event) => [event.kind, event.actorId, event.at === null])).toEqual([
    ['placed', 'a', false],
    ['accepted', 'b', false],
    ['void_requested', 'a', false],
    ['void_cancelled', 'a', true],
    ['void_requested', 'b', false],
    ['void_kept', 'a', false],
    ['void_requested', 'a', false],
    ['void_cancelled', 'a', true],
  ]);
  // Still standing: not withdrawn.
  expect(
    buildBetTimeline([raw('void_requested', 'a', 2)], { ...now, voidRequestedBy: 'a' }).map((e) => e.kind),
  ).toEqual(['void_requested']);
  // Ended by a resolution: not withdrawn either.
  expect(
    buildBetTimeline([raw('void_requested', 'a', 2), raw('resolved', 'b', 3)], {
      ...now,
      status: 'completed',
    }).map((e) => e.kind),
  ).toEqual(['void_requested', 'resolved']);
});

test('the prediction goes with the acceptance and the reason with the last dispute', () => {
  const events = buildBetTimeline(
    [
      raw('accepted', 'b', 1),
      raw('resolved', 'a', 2),
      raw('disputed', 'b', 3),
      raw('resolved', 'a', 4),
      raw('disputed', 'b', 5),
    ],
    { ...now, acceptanceComment: 'Easy', disputeReason: 'Draw' },
  );
  expect(events.map((event) => event.text)).toEqual(['Easy', null, null, null, 'Draw']);
});

test('each step reads with the viewer as You', () => {
  const bet = {
    creatorStake: 1200,
    opponentStake: 1200,
    winnerId: 'a',
    creator: { id: 'a', name: 'Ana Lee' },
    opponent: { id: 'b', name: 'Ben Park' },
  };
  const read = (event: RawBetEvent, viewer = 'b') => betEventSentence({ ...event, text: null }, bet, viewer);
  expect(read(raw('placed', 'a', 0))).toBe('Ana Lee placed the bet for $1,200');
  expect(read(raw('accepted', 'b', 0))).toBe('You accepted');
  expect(read(raw('resolved', 'a', 0, { winnerId: 'a' }))).toBe("Ana Lee said 'I Won'");
  expect(read(raw('resolved', 'a', 0, { winnerId: 'b' }))).toBe("Ana Lee said 'I Lost': You win");
  expect(read(raw('resolved', 'b', 0, { winnerId: 'a' }), 'c')).toBe("Ben Park said 'I Lost': Ana Lee wins");
  expect(read(raw('disputed', 'b', 0), 'a')).toBe('Ben Park disputed the result');
  expect(read(raw('void_requested', 'a', 0))).toBe('Ana Lee asked to void');
  expect(read(raw('void_kept', 'b', 0))).toBe('You kept the bet on');
  expect(read(raw('void_cancelled', 'a', 0))).toBe('Ana Lee withdrew the void request');
  expect(read(raw('paid', 'b', 0))).toBe('You marked $1,200 as paid');
  expect(read(raw('confirmed', 'a', 0))).toBe('Ana Lee confirmed the payment');
  expect(read(raw('reminded', 'a', 0))).toBe('Ana Lee sent a payment reminder');
  expect(read(raw('settled', 'b', 0, { amount: 35, betCount: 3 }))).toBe('You settled up: $35 for 3 bets');
  expect(read(raw('settled', 'b', 0, { amount: 35, betCount: 1 }))).toBe('You settled up: $35 for 1 bet');
  expect(read(raw('settlement_confirmed', 'a', 0))).toBe('Ana Lee confirmed the settle-up payment');
});

describe('an uneven bet (ADR 066)', () => {
  const bet = {
    creatorStake: 15,
    opponentStake: 10,
    winnerId: null as string | null,
    creator: { id: 'a', name: 'Ana Lee' },
    opponent: { id: 'b', name: 'Ben Park' },
  };
  const read = (event: RawBetEvent, on = bet, viewer = 'b') => betEventSentence({ ...event, text: null }, on, viewer);

  test("'placed' names the offer, the creator's stake first, and 'accepted' the agreed stakes", () => {
    expect(read(raw('placed', 'a', 0))).toBe('Ana Lee placed the bet for $15 vs $10');
    // Countered from $20 vs $10 to $15 vs $10: the line keeps what Ana offered.
    expect(read(raw('placed', 'a', 0, { stakes: { creatorStake: 20, opponentStake: 10 } }))).toBe(
      'Ana Lee placed the bet for $20 vs $10',
    );
    expect(read(raw('accepted', 'a', 0))).toBe('Ana Lee accepted: $15 vs $10');
    expect(read(raw('accepted', 'b', 0), bet, 'a')).toBe('Ben Park accepted: $15 vs $10');
  });

  test('an even bet keeps the single amount, even when it began as odds', () => {
    const even = { ...bet, opponentStake: 15 };
    expect(read(raw('placed', 'a', 0), even)).toBe('Ana Lee placed the bet for $15');
    expect(read(raw('placed', 'a', 0, { stakes: { creatorStake: 20, opponentStake: 10 } }), even)).toBe(
      'Ana Lee placed the bet for $20 vs $10',
    );
    expect(read(raw('accepted', 'b', 0), even)).toBe('You accepted');
  });

  test("a payment names what the loser risked, not the creator's stake", () => {
    expect(read(raw('paid', 'b', 0), { ...bet, winnerId: 'a' })).toBe('You marked $10 as paid');
    expect(read(raw('paid', 'a', 0), { ...bet, winnerId: 'b' }, 'b')).toBe('Ana Lee marked $15 as paid');
  });
});
