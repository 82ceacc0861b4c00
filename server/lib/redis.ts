import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

// The same back-off as the PostgreSQL LISTEN client (events.ts).
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export type RedisConfig = {
  url: string;
  /** Prepended to every key and channel, so deployments (or test workers) sharing a server never meet. */
  prefix: string;
};

/**
 * One Redis connection that reconnects for ever with back-off. Commands sent
 * while it is down fail at once instead of queueing: a request never waits
 * for Redis to come back.
 */
export function connectRedis(url: string, logger: Logger, name: string): Redis {
  const redis = new Redis(url, {
    // Named after the prefix too, so an operator (or a test) can find this instance's connections.
    connectionName: name.replace(/[^A-Za-z0-9:_-]/g, '_'),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(FIRST_RETRY_MS * 2 ** Math.min(times - 1, 10), MAX_RETRY_MS),
  });
  let wasReady = false;
  redis.on('ready', () => {
    if (wasReady) logger.info({ connection: name }, 'redis reconnected');
    wasReady = true;
  });
  redis.on('error', (error: Error) => logger.warn({ err: error.message, connection: name }, 'redis connection error'));
  return redis;
}

/** A connected client; start-up fails with one line when Redis cannot be reached. */
export async function openRedis(url: string, logger: Logger, name: string): Promise<Redis> {
  const redis = connectRedis(url, logger, name);
  await redis.connect();
  return redis;
}

/**
 * better-auth's `secondaryStorage` on Redis: sessions (read on every request)
 * and the auth rate-limit counters live here instead of in the database.
 */
export function createRedisSecondaryStorage(redis: Redis, prefix: string) {
  const k = (key: string) => `${prefix}auth:${key}`;
  return {
    get: (key: string) => redis.get(k(key)),
    getAndDelete: (key: string) => redis.getdel(k(key)),
    set: async (key: string, value: string, ttl?: number) => {
      if (ttl && ttl > 0) await redis.set(k(key), value, 'EX', Math.ceil(ttl));
      else await redis.set(k(key), value);
    },
    delete: async (key: string) => {
      await redis.del(k(key));
    },
    increment: async (key: string, ttl: number) => {
      // The TTL is set on creation only, so the window is fixed from the first count.
      const results = await redis
        .multi()
        .set(k(key), '0', 'EX', Math.max(1, Math.ceil(ttl)), 'NX')
        .incr(k(key))
        .exec();
      const counted = results?.[1]?.[1];
      if (typeof counted !== 'number') throw new Error('redis increment failed');
      return counted;
    },
  };
}
