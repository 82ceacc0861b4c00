import { expect, test } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test.each([
  [0, 'now'],
  [59 * MINUTE + 59_999, 'now'],
  [HOUR, '1h ago'],
  [23 * HOUR + 59 * MINUTE, '23h ago'],
  [DAY, '1d ago'],
  [DAY * 6 + 23 * HOUR, '6d ago'],
  [DAY * 400, '400d ago'],
])('%i ms ago reads %s', (elapsed, expected) => {
  expect(relativeTime(ago(elapsed), now)).toBe(expected);
});

test('a time slightly in the future (clock skew) reads now', () => {
  expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('now');
});

test('accepts ISO strings from JSON', () => {
  expect(relativeTime(ago(3 * HOUR).toISOString(), now)).toBe('3h ago');
});
