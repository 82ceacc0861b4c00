import pg from 'pg';
import { z } from 'zod';
import { survivePoolErrors, type Database } from '../db/client.ts';
import { changeKinds, type ChangeEvent, type RecentChanges } from '#domain/realtime.ts';
import type { Logger } from './logger.ts';
import { createRecentEvents } from './recent-events.ts';
import { connectRedis, type RedisConfig } from './redis.ts';

/** One of the user's sessions ended (sign-out, revocation): each stream re-checks its own. */
export type SessionEndedEvent = { kind: 'session-ended' };
/**
 * Local only: the instance may have missed events (its LISTEN connection was
 * down), so streams re-check their session and tell the browser to refetch.
 */
export type ResyncEvent = { kind: 'resync' };
/** Local only: the instance is shutting down; streams end so browsers reconnect to another instance. */
export type ClosingEvent = { kind: 'closing' };
export type PublishedEvent = ChangeEvent | SessionEndedEvent;
export type BusEvent = PublishedEvent | ResyncEvent | ClosingEvent;
type Listener = (event: BusEvent) => void;

const CHANNEL = 'sidepot_events';
const payloadSchema = z.object({
  u: z.array(z.string()),
  k: z.enum([...changeKinds, 'session-ended']),
  b: z.string().optional(),
});

function fromPayload(payload: z.output<typeof payloadSchema>): PublishedEvent {
  if (payload.k === 'session-ended') return { kind: 'session-ended' };
  return payload.b ? { kind: payload.k, betId: payload.b } : { kind: payload.k };
}

function toPayload(userIds: string[], event: PublishedEvent): string {
  const betId = 'betId' in event ? event.betId : undefined;
  return JSON.stringify({ u: userIds, k: event.kind, ...(betId ? { b: betId } : {}) });
}

/** A message from another instance, or nothing if it is not one of ours. */
function parseMessage(message: string): z.output<typeof payloadSchema> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export interface EventBus {
  publish(userIds: string[], event: PublishedEvent): Promise<void>;
  subscribe(userId: string, listener: Listener): () => void;
  /** The user's changes this instance delivered in the last minute: a new stream's `ready` frame. */
  recent(userId: string): RecentChanges;
  /** Shutdown: tells every local stream (and any that subscribes later) to end. */
  endStreams(): void;
  close(): Promise<void>;
}

/** Local fan-out to this instance's open streams, remembering the last minute's changes for new ones. */
function createLocalFanout() {
  const listeners = new Map<string, Set<Listener>>();
  const recent = createRecentEvents();
  let ending = false;
  return {
    recent: recent.since,
    endStreams: () => {
      ending = true;
      for (const set of listeners.values()) for (const listener of set) listener({ kind: 'closing' });
    },
    deliver: (userIds: string[], event: BusEvent) => {
      if (event.kind !== 'session-ended' && event.kind !== 'resync' && event.kind !== 'closing')
        recent.add(userIds, event);
      for (const userId of new Set(userIds))
        for (const listener of listeners.get(userId) ?? []) listener(event);
    },
    deliverToAll: (event: BusEvent) => {
      if (event.kind === 'resync') recent.markGap();
      for (const set of listeners.values()) for (const listener of set) listener(event);
    },
    subscribe: (userId: string, listener: Listener) => {
      // A stream that opens during shutdown ends at once.
      if (ending) queueMicrotask(() => listener({ kind: 'closing' }));
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}

/**
 * With Redis configured, events cross instances through Redis pub/sub (issue
 * 15). Otherwise on PostgreSQL they go through NOTIFY, and each instance
 * keeps one dedicated LISTEN connection (a pooled one could be handed to
 * someone else). On PGlite there is one process, so delivery is in-process.
 */
export async function createEventBus(
  database: Database,
  logger: Logger,
  redis?: RedisConfig,
): Promise<EventBus> {
  if (redis) return createRedisEventBus(redis, logger);
  const local = createLocalFanout();
  const url = database.connectionString;
  if (database.kind === 'pglite' || !url) {
    return {
      publish: (userIds, event) => {
        local.deliver(userIds, event);
        return Promise.resolve();
      },
      subscribe: local.subscribe,
      recent: local.recent,
      endStreams: local.endStreams,
      close: () => Promise.resolve(),
    };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  /** A connected client listening on the channel; its failures after that go to `lost`. */
  async function listen(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const parsed = parseMessage(message.payload);
      if (parsed) local.deliver(parsed.u, fromPayload(parsed));
    });
    // Both can fire for one failure, and also while connecting: `lost` acts once, on the live client only.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  }

  function lost(which: pg.Client, error?: Error) {
    if (which !== client) return;
    client = undefined;
    logger.warn(
      { err: error?.message ?? 'connection ended' },
      'event listener connection lost; reconnecting',
    );
    void which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen().then(
        (next) => {
          if (closed) {
            void next.end().catch(() => undefined);
            return;
          }
          client = next;
          retryMs = FIRST_RETRY_MS;
          logger.info('event listener reconnected');
          // NOTIFYs sent while we were away are gone: every stream refetches.
          local.deliverToAll({ kind: 'resync' });
        },
        (error: unknown) => {
          logger.warn(
            { err: error instanceof Error ? error.message : String(error), retryMs },
            'event listener reconnect failed',
          );
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  client = await listen();
  const notifier = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 });
  survivePoolErrors(notifier, logger);

  return {
    publish: async (userIds, event) => {
      const unique = [...new Set(userIds)];
      try {
        // A NOTIFY payload must stay under 8,000 bytes: 100 ids of ~32 characters fit easily.
        for (let start = 0; start < unique.length; start += 100) {
          await notifier.query('select pg_notify($1, $2)', [
            CHANNEL,
            toPayload(unique.slice(start, start + 100), event),
          ]);
        }
      } catch (error) {
        // A lost realtime hint must never fail the request that caused it.
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'event publish failed');
      }
    },
    subscribe: local.subscribe,
    recent: local.recent,
    endStreams: local.endStreams,
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
      await notifier.end();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection and one publisher per instance.
 * ioredis reconnects with back-off and subscribes again by itself; messages
 * published meanwhile are lost (pub/sub keeps nothing), so, as after a lost
 * LISTEN connection, every local stream is told to resync.
 */
export async function createRedisEventBus(config: RedisConfig, logger: Logger): Promise<EventBus> {
  const local = createLocalFanout();
  const channel = `${config.prefix}events`;
  const subscriber = connectRedis(config.url, logger, `${config.prefix}events-subscriber`);
  const publisher = connectRedis(config.url, logger, `${config.prefix}events-publisher`);
  let subscribedOnce = false;
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const parsed = parseMessage(message);
    if (parsed) local.deliver(parsed.u, fromPayload(parsed));
  });
  subscriber.on('ready', () => {
    // ioredis re-subscribes before 'ready'; the first one is start-up.
    if (subscribedOnce) local.deliverToAll({ kind: 'resync' });
  });
  try {
    await Promise.all([subscriber.connect(), publisher.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    subscriber.disconnect();
    publisher.disconnect();
    throw error;
  }
  subscribedOnce = true;

  return {
    publish: async (userIds, event) => {
      try {
        await publisher.publish(channel, toPayload([...new Set(userIds)], event));
      } catch (error) {
        // A lost realtime hint must never fail the request that caused it.
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'event publish failed');
      }
    },
    subscribe: local.subscribe,
    recent: local.recent,
    endStreams: local.endStreams,
    close: async () => {
      await Promise.all([subscriber.quit().catch(() => undefined), publisher.quit().catch(() => undefined)]);
    },
  };
}
