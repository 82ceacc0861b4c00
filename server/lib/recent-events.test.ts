import { expect, test } from 'vitest';
import { RECENT_WINDOW_MS } from '#domain/realtime.ts';
import { createRecentEvents } from './recent-events.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

test("a user gets only their own changes, oldest first, complete from the instance's start", () => {
  const time = clock();
  const recent = createRecentEvents(time.now);
  recent.add(['ana', 'ben'], { kind: 'bets', betId: 'b1' });
  time.advance(10);
  recent.add(['ben'], { kind: 'friends' });
  time.advance(10);
  recent.add(['ana'], { kind: 'notifications' });
  expect(recent.since('ana')).toEqual({
    now: 1_000_020,
    from: 1_000_000,
    changes: [
      { kind: 'bets', betId: 'b1', at: 1_000_000 },
      { kind: 'notifications', at: 1_000_020 },
    ],
  });
  expect(recent.since('cal').changes).toEqual([]);
});

test('changes older than the window are forgotten, and the list says it starts after them', () => {
  const time = clock();
  const recent = createRecentEvents(time.now);
  recent.add(['ana'], { kind: 'feed' });
  time.advance(RECENT_WINDOW_MS + 1);
  recent.add(['ana'], { kind: 'bets' });
  const { from, changes } = recent.since('ana');
  expect(changes).toEqual([{ kind: 'bets', at: time.now() }]);
  expect(from).toBe(time.now() - RECENT_WINDOW_MS);
});

test('after a gap (the bus was down) the list is complete only from then on', () => {
  const time = clock();
  const recent = createRecentEvents(time.now);
  recent.add(['ana'], { kind: 'feed' });
  time.advance(500);
  recent.markGap();
  expect(recent.since('ana').from).toBe(time.now());
  expect(recent.since('ana').changes).toEqual([]);
});

test('a user with more than 50 changes in the window gets the newest 50, complete only from the 50th', () => {
  const time = clock();
  const recent = createRecentEvents(time.now);
  for (let i = 0; i < 60; i++) {
    recent.add(['ana'], { kind: 'feed', betId: `b${i}` });
    time.advance(1);
  }
  const { from, changes } = recent.since('ana');
  expect(changes).toHaveLength(50);
  expect(changes[0]).toEqual({ kind: 'feed', betId: 'b10', at: 1_000_010 });
  expect(from).toBe(1_000_010);
});

test('past 20,000 changes on the instance the oldest go, and the list starts after them', () => {
  const time = clock();
  const recent = createRecentEvents(time.now);
  recent.add(['ana'], { kind: 'feed' });
  for (let i = 0; i < 20_000; i++) {
    time.advance(1);
    recent.add(['ben'], { kind: 'bets' });
  }
  expect(recent.since('ana')).toEqual({ now: time.now(), from: 1_000_001, changes: [] });
  expect(recent.since('ben').changes).toHaveLength(50);
});
