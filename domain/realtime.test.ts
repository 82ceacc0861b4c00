import { expect, test } from 'vitest';
import { parseRecentChanges } from './realtime.ts';

test("a ready frame's recent changes parse, and only known kinds and finite times pass", () => {
  const frame = {
    now: 3,
    from: 1,
    changes: [
      { kind: 'feed', betId: 'b1', at: 2 },
      { kind: 'notifications', at: 3 },
    ],
  };
  expect(parseRecentChanges(frame)).toEqual(frame);
  expect(parseRecentChanges({})).toBeNull();
  expect(parseRecentChanges({ ...frame, changes: [{ kind: 'secrets', at: 2 }] })).toBeNull();
  expect(parseRecentChanges({ ...frame, now: Number.NaN })).toBeNull();
  expect(parseRecentChanges({ ...frame, changes: 'feed' })).toBeNull();
  expect(parseRecentChanges(null)).toBeNull();
});
