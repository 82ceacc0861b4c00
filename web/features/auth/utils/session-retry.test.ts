import { expect, test } from 'vitest';
import { isSignedOutAnswer, sessionRetryDelayMs } from './session-retry.ts';

test('only a 401 counts as signed out; rate limits, server and network errors do not', () => {
  expect(isSignedOutAnswer({ status: 401, statusText: 'Unauthorized' })).toBe(true);
  expect(isSignedOutAnswer({ status: 429, statusText: 'Too Many Requests' })).toBe(false);
  expect(isSignedOutAnswer({ status: 503, statusText: 'Service Unavailable' })).toBe(false);
  expect(isSignedOutAnswer(new TypeError('Failed to fetch'))).toBe(false);
});

test('retries back off from 1 s, doubling, to at most 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 9].map(sessionRetryDelayMs)).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
  ]);
});
