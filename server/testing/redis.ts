import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * `TEST_REDIS_URL` runs the API tests with Redis (sessions, auth rate limits,
 * realtime fan-out) instead of the database alone; unset, without it.
 */
export function testRedisUrl(): string | undefined {
  return process.env['TEST_REDIS_URL'] || undefined;
}

/** A key prefix no other test file, worker or helper on this machine uses. */
export function uniqueRedisPrefix(): string {
  return `sidepot-test:${process.pid}:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under a prefix (sessions and counters a test file left behind). */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if (Array.isArray(keys) && keys.length > 0) await redis.del(...keys.map(String));
    }
  } finally {
    await redis.quit();
  }
}
