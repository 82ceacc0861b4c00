import { and, gt, inArray } from 'drizzle-orm';
import { changeKinds, type ChangeEvent } from '#domain/realtime.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/auth.ts';
import type { BusEvent, EventBus } from './events.ts';
import type { Logger } from './logger.ts';

export const HEARTBEAT_MS = 25_000;
/** Frames queued for a client that reads nothing: past this, the stream ends (the browser reconnects and refetches). */
const MAX_QUEUED_CHUNKS = 256;
/** Ids per liveness query, well under PostgreSQL's 65,535 bind parameters. */
const CHECK_BATCH = 5_000;

type OpenStream = {
  userId: string;
  sessionId: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** Frames written since the last flush; sent together as one chunk. */
  pending: Uint8Array[] | undefined;
  closed: boolean;
};

export type StreamHubOptions = {
  events: Pick<EventBus, 'subscribe' | 'recent'>;
  /** Of these session ids, those that still exist and have not expired: one query for all of them. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  logger: Logger;
  heartbeatMs?: number;
};

export type StreamHub = ReturnType<typeof createStreamHub>;

const encoder = new TextEncoder();
const frame = (event: string, data: string) => encoder.encode(`event: ${event}\ndata: ${data}\n\n`);
const PING = frame('ping', '{}');
// The web refetches what each kind covers: all of them is a full refetch.
const RESYNC = changeKinds.map((kind) => frame('change', JSON.stringify({ kind } satisfies ChangeEvent)));

/** The session ids among `ids` whose row still exists and has not expired. */
export async function liveSessionIds(db: Db, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < ids.length; start += CHECK_BATCH) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(inArray(sessions.id, ids.slice(start, start + CHECK_BATCH)), gt(sessions.expiresAt, new Date())),
      );
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/**
 * Every open Server-Sent Events stream of this instance. One bus subscription per user,
 * not per stream; one timer for the whole instance, which writes the heartbeat to every stream and re-checks
 * all their sessions in one query. A stream re-checks its session sooner when the bus says one of its user's
 * sessions ended (sign-out, revocation) or that events may have been missed (resync); those checks are batched
 * too. Each event is encoded once and shared by the user's streams; frames written in the same turn of the
 * event loop reach a stream as one chunk.
 */
export function createStreamHub({
  events,
  liveSessions,
  logger,
  heartbeatMs = HEARTBEAT_MS,
}: StreamHubOptions) {
  const byUser = new Map<string, { streams: Set<OpenStream>; unsubscribe: () => void }>();
  const dirty = new Set<OpenStream>();
  const toCheck = new Set<OpenStream>();
  let count = 0;
  let ticker: NodeJS.Timeout | undefined;
  let flushScheduled = false;
  let checking = false;
  let checkScheduled = false;
  let ending = false;

  function close(stream: OpenStream) {
    if (stream.closed) return;
    stream.closed = true;
    dirty.delete(stream);
    toCheck.delete(stream);
    try {
      stream.controller.close();
    } catch {
      // Already cancelled by the client.
    }
    const entry = byUser.get(stream.userId);
    if (entry?.streams.delete(stream) && entry.streams.size === 0) {
      byUser.delete(stream.userId);
      entry.unsubscribe();
    }
    count -= 1;
    if (count === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function flush() {
    flushScheduled = false;
    for (const stream of dirty) {
      const parts = stream.pending;
      stream.pending = undefined;
      if (!parts || stream.closed) continue;
      if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) {
        close(stream);
        continue;
      }
      const [only] = parts;
      try {
        stream.controller.enqueue(only && parts.length === 1 ? only : Buffer.concat(parts));
      } catch {
        // The client went away and its cancel has not reached us yet: one broken stream must not stop the flush.
        close(stream);
      }
    }
    dirty.clear();
  }

  function write(stream: OpenStream, chunk: Uint8Array) {
    if (stream.closed) return;
    if (stream.pending) stream.pending.push(chunk);
    else stream.pending = [chunk];
    dirty.add(stream);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  }

  async function runChecks() {
    if (checking) return;
    checking = true;
    try {
      while (toCheck.size > 0) {
        const batch = [...toCheck];
        toCheck.clear();
        let live: Set<string>;
        try {
          live = await liveSessions([...new Set(batch.map((stream) => stream.sessionId))]);
        } catch (error) {
          // The database is away: keep the streams; the next heartbeat checks again.
          logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'stream session check failed',
          );
          continue;
        }
        for (const stream of batch) if (!live.has(stream.sessionId)) close(stream);
      }
    } finally {
      checking = false;
    }
  }

  /** Queues the streams for a session check; every check asked for in this turn of the event loop is one query. */
  function check(streams: Iterable<OpenStream>) {
    for (const stream of streams) if (!stream.closed) toCheck.add(stream);
    if (checkScheduled) return;
    checkScheduled = true;
    setImmediate(() => {
      checkScheduled = false;
      void runChecks();
    });
  }

  function tick() {
    for (const entry of byUser.values()) for (const stream of entry.streams) write(stream, PING);
    for (const entry of byUser.values()) check(entry.streams);
  }

  function endAll() {
    ending = true;
    for (const entry of [...byUser.values()]) for (const stream of [...entry.streams]) close(stream);
  }

  function deliver(userId: string, event: BusEvent) {
    const entry = byUser.get(userId);
    if (!entry) return;
    if (event.kind === 'closing') {
      // Shutdown: browsers' EventSources reconnect, through the load balancer, elsewhere.
      endAll();
    } else if (event.kind === 'session-ended') {
      check(entry.streams);
    } else if (event.kind === 'resync') {
      for (const stream of entry.streams) for (const chunk of RESYNC) write(stream, chunk);
      check(entry.streams);
    } else {
      const chunk = frame('change', JSON.stringify(event));
      for (const stream of entry.streams) write(stream, chunk);
    }
  }

  return {
    /**
     * A new stream for this session: its body, which starts with the `ready` frame. That frame carries the
     * user's recent changes, taken after the subscription: with the ones the subscription delivers, nothing
     * between the page's first reads and now is missed (ADR 045).
     */
    open(userId: string, sessionId: string, signal?: AbortSignal): ReadableStream<Uint8Array> {
      let stream: OpenStream | undefined;
      return new ReadableStream<Uint8Array>({
        start: (controller) => {
          const opened: OpenStream = { userId, sessionId, controller, pending: undefined, closed: false };
          stream = opened;
          count += 1;
          let entry = byUser.get(userId);
          if (!entry) {
            const created = { streams: new Set<OpenStream>(), unsubscribe: () => {} };
            byUser.set(userId, created);
            created.unsubscribe = events.subscribe(userId, (event) => deliver(userId, event));
            entry = created;
          }
          entry.streams.add(opened);
          controller.enqueue(frame('ready', JSON.stringify(events.recent(userId))));
          ticker ??= setInterval(tick, heartbeatMs);
          // A stream that opens during shutdown ends at once.
          if (ending) queueMicrotask(() => close(opened));
          signal?.addEventListener('abort', () => close(opened), { once: true });
        },
        cancel: () => {
          if (stream) close(stream);
        },
      });
    },
    /** Open streams on this instance. */
    size: () => count,
    /** Ends every stream and stops the heartbeat. */
    close: endAll,
  };
}
