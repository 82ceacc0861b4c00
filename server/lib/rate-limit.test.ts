import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';
import { consumeRateLimit, createMemoryRateLimiter, type RateLimitRule } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const rule = (name: string, max = 3): RateLimitRule => ({
  name,
  max,
  windowMs: 60_000,
  message: 'Slow down.',
});

test('a fixed window allows max requests, refuses the next and starts over once it has passed', async () => {
  const start = 1_800_000_000_000;
  const limited = rule('window-test');
  const results = [];
  for (let i = 0; i < 4; i += 1)
    results.push(await consumeRateLimit(t.db, limited, 'alice', start + i * 1000));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  // Refused 3 s into a 60 s window: 57 s to go.
  expect(results[3]?.retryAfterSeconds).toBe(57);
  expect((await consumeRateLimit(t.db, limited, 'alice', start + 59_999)).allowed).toBe(false);
  const next = await consumeRateLimit(t.db, limited, 'alice', start + 60_000);
  expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
});

test('subjects and rules count separately', async () => {
  const now = Date.now();
  for (let i = 0; i < 3; i += 1) await consumeRateLimit(t.db, rule('separate-a'), 'bob', now);
  expect((await consumeRateLimit(t.db, rule('separate-a'), 'bob', now)).allowed).toBe(false);
  expect((await consumeRateLimit(t.db, rule('separate-a'), 'carol', now)).allowed).toBe(true);
  expect((await consumeRateLimit(t.db, rule('separate-b'), 'bob', now)).allowed).toBe(true);
});

test('concurrent requests are counted exactly: 20 at once with a budget of 5 let 5 through', async () => {
  const now = Date.now();
  const results = await Promise.all(
    Array.from({ length: 20 }, () => consumeRateLimit(t.db, rule('concurrent', 5), 'dave', now)),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});

test('the first requests of a new subject, made at once, all count: none fails on the new row', async () => {
  // The race is in creating a subject's row: PostgreSQL arbitrates ON CONFLICT on one unique index, and a
  // conflict met first on another (the primary key, when it was the key too) failed instead of counting.
  const now = Date.now();
  for (let round = 0; round < 40; round += 1) {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        consumeRateLimit(t.db, rule('first-at-once', 100), `erin-${round}`, now),
      ),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  }
});

test('in memory: a fixed window per subject, refused past max, started over once it has passed', () => {
  const start = 1_800_000_000_000;
  const consume = createMemoryRateLimiter(rule('memory-test'));
  const results = [0, 1, 2, 3].map((i) => consume('alice', start + i * 1000));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3]?.retryAfterSeconds).toBe(57);
  expect(consume('bob', start + 5000).allowed).toBe(true);
  expect(consume('alice', start + 59_999).allowed).toBe(false);
  // Alice's window ended while Bob's, opened later, still runs: each starts over on its own.
  expect(consume('alice', start + 60_000)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
  expect(consume('bob', start + 60_001)).toEqual({ allowed: true, count: 2, retryAfterSeconds: 5 });
  expect(consume('bob', start + 65_000)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
});
