import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { changeKinds } from '#domain/realtime.ts';
import type { BusEvent } from './events.ts';
import { createLogger } from './logger.ts';
import { createRecentEvents } from './recent-events.ts';
import { createStreamHub } from './stream-hub.ts';

const HEARTBEAT_MS = 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A bus that delivers to its subscribers when told, and counts them. */
function createFakeBus() {
  const listeners = new Map<string, Set<(event: BusEvent) => void>>();
  const recent = createRecentEvents();
  return {
    recent: recent.since,
    subscribe(userId: string, listener: (event: BusEvent) => void) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => set.delete(listener);
    },
    deliver(userId: string, event: BusEvent) {
      if (event.kind !== 'session-ended' && event.kind !== 'resync' && event.kind !== 'closing')
        recent.add([userId], event);
      for (const listener of listeners.get(userId) ?? []) listener(event);
    },
    subscribers: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** The hub over a fake bus, with the session ids the "database" still has. */
function setUp(live: Set<string>) {
  const bus = createFakeBus();
  const checks: string[][] = [];
  const hub = createStreamHub({
    events: bus,
    liveSessions: (ids) => {
      checks.push(ids);
      return Promise.resolve(new Set(ids.filter((id) => live.has(id))));
    },
    logger: createLogger('silent'),
    heartbeatMs: HEARTBEAT_MS,
  });
  return { bus, checks, hub };
}

/** Reads a stream body in the background: every chunk as text, and whether it ended. */
function collect(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state = { chunks: [] as string[], ended: false };
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      state.chunks.push(decoder.decode(value));
    }
    state.ended = true;
  })();
  return { state, cancel: () => reader.cancel() };
}

test('one heartbeat timer for the instance, however many streams are open; none when none are', async () => {
  const live = new Set<string>();
  const { hub } = setUp(live);
  expect(vi.getTimerCount()).toBe(0);
  const streams = [];
  for (let i = 0; i < 300; i++) {
    live.add(`s${i}`);
    streams.push(collect(hub.open(`u${i % 3}`, `s${i}`)));
  }
  await vi.advanceTimersByTimeAsync(1);
  expect(hub.size()).toBe(300);
  expect(vi.getTimerCount()).toBe(1);
  for (const stream of streams) await stream.cancel();
  expect(hub.size()).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('each heartbeat pings every stream and re-checks all their sessions in one query', async () => {
  const live = new Set(['a1', 'a2', 'b1']);
  const { checks, hub } = setUp(live);
  const a1 = collect(hub.open('a', 'a1'));
  const a2 = collect(hub.open('a', 'a2'));
  const b1 = collect(hub.open('b', 'b1'));
  await vi.advanceTimersByTimeAsync(1);
  expect(a1.state.chunks).toHaveLength(1);
  expect(a1.state.chunks[0]).toMatch(/^event: ready\ndata: \{"now":\d+,"from":\d+,"changes":\[\]\}\n\n$/);
  expect(checks).toEqual([]);

  // Deleted in the database, with no bus event: the next heartbeat notices.
  live.delete('a2');
  await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(checks).toEqual([['a1', 'a2', 'b1']]);
  expect(a2.state.ended).toBe(true);
  expect(a1.state.ended).toBe(false);
  expect(b1.state.ended).toBe(false);
  expect(a1.state.chunks.at(-1)).toBe('event: ping\ndata: {}\n\n');
  expect(b1.state.chunks.at(-1)).toBe('event: ping\ndata: {}\n\n');
  expect(hub.size()).toBe(2);
});

test("a session-ended event re-checks the user's streams in one query, and only theirs", async () => {
  const live = new Set<string>(['other']);
  const { bus, checks, hub } = setUp(live);
  const mine = [];
  for (let i = 0; i < 50; i++) {
    live.add(`m${i}`);
    mine.push(collect(hub.open('me', `m${i}`)));
  }
  const other = collect(hub.open('you', 'other'));
  await vi.advanceTimersByTimeAsync(1);
  live.delete('m7');
  bus.deliver('me', { kind: 'session-ended' });
  await vi.advanceTimersByTimeAsync(1);
  expect(checks).toHaveLength(1);
  expect(checks[0]).toHaveLength(50);
  expect(mine.filter((stream) => stream.state.ended)).toEqual([mine[7]]);
  expect(other.state.ended).toBe(false);
});

test('events written in the same turn reach a stream as one chunk; one bus subscription per user', async () => {
  const { bus, hub } = setUp(new Set(['s1', 's2']));
  const first = collect(hub.open('me', 's1'));
  const second = collect(hub.open('me', 's2'));
  expect(bus.subscribers()).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  bus.deliver('me', { kind: 'bets', betId: 'b1' });
  bus.deliver('me', { kind: 'notifications' });
  await vi.advanceTimersByTimeAsync(1);
  const both =
    'event: change\ndata: {"kind":"bets","betId":"b1"}\n\nevent: change\ndata: {"kind":"notifications"}\n\n';
  expect(first.state.chunks.slice(1)).toEqual([both]);
  expect(second.state.chunks.slice(1)).toEqual([both]);
  await first.cancel();
  await second.cancel();
  expect(bus.subscribers()).toBe(0);
});

test('a resync tells every stream to refetch everything and re-checks its session', async () => {
  const { bus, checks, hub } = setUp(new Set(['s1']));
  const stream = collect(hub.open('me', 's1'));
  await vi.advanceTimersByTimeAsync(1);
  bus.deliver('me', { kind: 'resync' });
  await vi.advanceTimersByTimeAsync(1);
  expect(stream.state.chunks.slice(1).join('')).toBe(
    changeKinds
      .map((kind) => `event: change\ndata: {"kind":"${kind}"}\n\n`)
      .join(''),
  );
  expect(checks).toEqual([['s1']]);
  expect(stream.state.ended).toBe(false);
});

test('a stream whose client reads nothing is ended once 256 chunks wait, instead of queueing without bound', async () => {
  const { bus, hub } = setUp(new Set(['s1']));
  // Never read: a stalled client.
  hub.open('me', 's1');
  for (let i = 0; i < 300 && hub.size() > 0; i++) {
    bus.deliver('me', { kind: 'feed', betId: `b${i}` });
    await vi.advanceTimersByTimeAsync(1);
  }
  expect(hub.size()).toBe(0);
});

test("a new stream's ready frame tells the user's changes of the last minute, before any live one", async () => {
  const { bus, hub } = setUp(new Set(['s1']));
  const started = Date.now();
  bus.deliver('me', { kind: 'feed', betId: 'b1' });
  bus.deliver('someone else', { kind: 'bets', betId: 'b2' });
  await vi.advanceTimersByTimeAsync(30_000);
  bus.deliver('me', { kind: 'notifications' });
  const stream = collect(hub.open('me', 's1'));
  bus.deliver('me', { kind: 'friends' });
  await vi.advanceTimersByTimeAsync(1);
  const [ready, live] = stream.state.chunks;
  expect(ready).toBe(
    `event: ready\ndata: ${JSON.stringify({
      now: started + 30_000,
      from: started,
      changes: [
        { kind: 'feed', betId: 'b1', at: started },
        { kind: 'notifications', at: started + 30_000 },
      ],
    })}\n\n`,
  );
  expect(live).toBe('event: change\ndata: {"kind":"friends"}\n\n');
});
