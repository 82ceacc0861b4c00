import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRedisEventBus, type BusEvent } from '#server/lib/events.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '#server/testing/redis.ts';
import { openEventStream, readEventStream } from '#server/testing/sse.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

// Runs when TEST_REDIS_URL is set (.ci/run sets it; Redis is at 127.0.0.1:6379 on the CI machine).
const redisUrl = testRedisUrl();
const silent = pino({ level: 'silent' });

/** Resolves with `promise`, or fails after `timeoutMs` instead of hanging the test. */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} not seen within ${timeoutMs} ms`)), timeoutMs))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!redisUrl)('realtime fan-out through Redis', () => {
  const url = redisUrl ?? '';
  const prefix = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two instances of the app: one database, one Redis, one key prefix, two event buses.
    first = await createTestApp({ redisUrl: url, redisPrefix: prefix });
    second = await createTestApp({ redisUrl: url, redisPrefix: prefix, database: first.deps.database });
  });
  afterAll(async () => {
    expect(first.serverErrors()).toEqual([]);
    expect(second.serverErrors()).toEqual([]);
    await second.close();
    await first.close();
    await dropRedisPrefix(url, prefix);
  });

  test('an action through one instance reaches a stream held by the other within 1 s', async () => {
    const creator = await signedInUser(first);
    const opponent = await signedInUser(first);
    await makeFriends(first, creator.user.id, opponent.user.id);
    const bet = await insertBet(first, { createdBy: creator.user.id, opponentId: opponent.user.id });

    // The creator's session was made on the first instance; the stream is held by the second.
    const stream = readEventStream(await openEventStream(second, creator.agent));
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      const started = performance.now();
      expect((await opponent.agent.post(`/api/bets/${bet.id}/accept`, {})).status).toBe(200);
      await stream.waitFor((frame) => frame.event === 'change' && frame.data.includes(bet.id), 1000);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });

  test('signing out through one instance ends the stream held by the other at once', async () => {
    const me = await signedInUser(first);
    const stream = readEventStream(await openEventStream(second, me.agent));
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      expect((await me.agent.post('/api/auth/sign-out')).status).toBe(200);
      expect(await stream.ended(1500)).toBeLessThan(1500);
    } finally {
      await stream.close();
    }
  });

  test('buses on another prefix (another deployment or test run) hear nothing', async () => {
    const otherPrefix = uniqueRedisPrefix();
    const mine = await createRedisEventBus({ url, prefix }, silent);
    const theirs = await createRedisEventBus({ url, prefix: otherPrefix }, silent);
    const heard: BusEvent[] = [];
    const stopTheirs = theirs.subscribe('user-x', (event) => heard.push(event));
    let stopMine = () => {};
    const received = new Promise<BusEvent>((resolve) => (stopMine = mine.subscribe('user-x', resolve)));
    await mine.publish(['user-x', 'user-y'], { kind: 'bets', betId: 'b1' });
    expect(await within(received, 2000, 'the event on the same prefix')).toEqual({ kind: 'bets', betId: 'b1' });
    expect(heard).toEqual([]);
    stopMine();
    stopTheirs();
    await Promise.all([mine.close(), theirs.close()]);
  });

  test('a lost subscriber connection is re-made: streams are told to resync, and events flow again', async () => {
    const publisher = await createRedisEventBus({ url, prefix }, silent);
    const listener = await createRedisEventBus({ url, prefix }, silent);
    const events: BusEvent[] = [];
    const stop = listener.subscribe('user-z', (event) => events.push(event));
    const admin = new Redis(url);
    try {
      // Kill this prefix's subscriber connections only (Redis is shared with other runs).
      const list: unknown = await admin.call('CLIENT', 'LIST');
      if (typeof list !== 'string') throw new Error('CLIENT LIST answered no text');
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}events-subscriber `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => Boolean(id));
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await admin.client('KILL', 'ID', id);

      const deadline = Date.now() + 5000;
      while (!events.some((event) => event.kind === 'resync') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(events).toContainEqual({ kind: 'resync' });
      await publisher.publish(['user-z'], { kind: 'friends' });
      const after = Date.now() + 2000;
      while (!events.some((event) => event.kind === 'friends') && Date.now() < after) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(events).toContainEqual({ kind: 'friends' });
    } finally {
      stop();
      await admin.quit();
      await Promise.all([publisher.close(), listener.close()]);
    }
  });
});
