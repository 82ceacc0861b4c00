import { expect, test } from 'vitest';
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
    amount: 1200,
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
