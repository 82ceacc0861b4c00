import { expect, test } from 'vitest';
import { changeKinds } from '#domain/realtime.ts';
import { changesSince } from './events.ts';

const log = {
  from: 1_000,
  changes: [
    { at: 1_500, event: { kind: 'friends' as const } },
    { at: 2_000, event: { kind: 'feed' as const, betId: 'b1' } },
    { at: 2_500, event: { kind: 'feed' as const, betId: 'b2' } },
  ],
};

test('a page refetches the kinds that changed after it started, once each', () => {
  expect(changesSince(log, 1_800)).toEqual(['feed']);
  expect(changesSince(log, 1_000)).toEqual(['friends', 'feed']);
});

test('a page refetches nothing when nothing changed after it started', () => {
  expect(changesSince(log, 3_000)).toEqual([]);
});

test('a page that started before the log reaches refetches everything', () => {
  expect(changesSince(log, 999)).toBe(changeKinds);
});
