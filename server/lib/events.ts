import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Logger } from './logger.ts';

/**
 * What changed, for whom: the web invalidates the matching queries. Only ids
 * and kinds travel (a NOTIFY payload is visible to every listener and must
 * stay under 8 kB), never private data.
 */
export const changeKinds = ['bets', 'friends', 'notifications', 'feed'] as const;
export type ChangeKind = (typeof changeKinds)[number];
export type ChangeEvent = { kind: ChangeKind; betId?: string };
type Listener = (event: ChangeEvent) => void;

const CHANNEL = 'sidepot_events';
const payloadSchema = z.object({
  u: z.array(z.string()),
  k: z.enum(changeKinds),
  b: z.string().optional(),
});

export interface EventBus {
  publish(userIds: string[], event: ChangeEvent): Promise<void>;
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/** Local fan-out to this instance's open streams. */
function createLocalFanout() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    deliver: (userIds: string[], event: ChangeEvent) => {
      for (const userId of new Set(userIds)) for (const listener of listeners.get(userId) ?? []) listener(event);
    },
    subscribe: (userId: string, listener: Listener) => {
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
 * On PostgreSQL events cross instances through NOTIFY, and each instance
 * keeps one dedicated LISTEN connection (a pooled one could be handed to
 * someone else). On PGlite there is one process, so delivery is in-process.
 */
export async function createEventBus(database: Database, logger: Logger): Promise<EventBus> {
  const local = createLocalFanout();
  const url = database.connectionString;
  if (database.kind === 'pglite' || !url) {
    return {
      publish: (userIds, event) => {
        local.deliver(userIds, event);
        return Promise.resolve();
      },
      subscribe: local.subscribe,
      close: () => Promise.resolve(),
    };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const parsed = payloadSchema.safeParse(JSON.parse(message.payload));
      if (!parsed.success) return;
      local.deliver(parsed.data.u, { kind: parsed.data.k, ...(parsed.data.b ? { betId: parsed.data.b } : {}) });
    });
    next.on('error', (error) => {
      logger.warn({ err: error.message }, 'event listener connection lost; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    retryMs = 500;
  }

  function scheduleReconnect() {
    if (closed) return;
    const timer = setTimeout(() => {
      connect().catch((error: unknown) => {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'event listener reconnect failed');
        retryMs = Math.min(retryMs * 2, 30_000);
        scheduleReconnect();
      });
    }, retryMs);
    timer.unref();
  }

  await connect();
  const notifier = new pg.Pool({ connectionString: url, max: 2 });

  return {
    publish: async (userIds, event) => {
      const unique = [...new Set(userIds)];
      try {
        // A NOTIFY payload must stay under 8,000 bytes: 100 ids of ~32 characters fit easily.
        for (let start = 0; start < unique.length; start += 100) {
          const payload = JSON.stringify({ u: unique.slice(start, start + 100), k: event.kind, ...(event.betId ? { b: event.betId } : {}) });
          await notifier.query('select pg_notify($1, $2)', [CHANNEL, payload]);
        }
      } catch (error) {
        // A lost realtime hint must never fail the request that caused it.
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'event publish failed');
      }
    },
    subscribe: local.subscribe,
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
      await notifier.end();
    },
  };
}
