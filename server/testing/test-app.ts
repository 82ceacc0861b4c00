import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect } from 'vitest';
import { createApp } from '../app.ts';
import type { AppDeps } from '../app-env.ts';
import { bootstrap } from '../bootstrap.ts';
import { parseEnv } from '../env.ts';
import { createMemoryTransport, type MailMessage } from '../lib/mail-transport.ts';
import type { Database } from '../db/client.ts';
import { createPushEndpointGuard, type PushEndpointGuard } from '../lib/push-endpoint-guard.ts';
import { createTestDatabase } from './db.ts';
import { testPasswordHasher } from './password.ts';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from './redis.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
/** Tests pick the caller's address with this header (the real server reads the socket). */
export const TEST_IP_HEADER = 'x-test-client-ip';

export type LogEntry = { level: number; msg?: string; [key: string]: unknown };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TestAppOptions = {
  /** A data directory to start from (e.g. with files a former version left in it); default: a new temp dir. */
  dataDir?: string;
  /** Redis for sessions and fan-out; default: TEST_REDIS_URL when set. `null`: never. */
  redisUrl?: string | null;
  /** A Redis key prefix; default: one unique to this app. Two apps given one prefix act as two instances. */
  redisPrefix?: string;
  /** An existing database (a second instance on it); default: a private new one. */
  database?: Database;
  /** Further environment, such as S3_*. */
  env?: Record<string, string>;
  /** The SSE heartbeat (and session re-check) period; default the server's 25 s. */
  heartbeatMs?: number;
  /** true: better-auth's own scrypt, as in production (timing tests); default the cheap test hash. */
  realPasswordHashing?: boolean;
  /** Default: the production guard with a resolver that answers a public address for every name (no network). */
  pushEndpoints?: PushEndpointGuard;
};

/** Tests never resolve real names: every push service name is one public address. */
export const publicTestResolver = () => Promise.resolve([{ address: '142.250.80.10', family: 4 }]);

/** The real app on a private database, with mail captured in memory. */
export async function createTestApp(options: TestAppOptions = {}) {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const redisUrl = options.redisUrl === null ? undefined : (options.redisUrl ?? testRedisUrl());
  const redisPrefix = options.redisPrefix ?? uniqueRedisPrefix();
  const transport = createMemoryTransport();
  const logs: LogEntry[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(JSON.parse(line) as LogEntry);
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const env = parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sidepot-test-')),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  // A second instance must not close the database it shares.
  const deps: AppDeps = await bootstrap(env, logger, {
    transport,
    database: ownDatabase ? database : { ...database, close: () => Promise.resolve() },
    redisPrefix,
    ...(options.realPasswordHashing ? {} : { passwordHasher: testPasswordHasher }),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    pushEndpoints: options.pushEndpoints ?? createPushEndpointGuard({ resolve: publicTestResolver }),
  });
  const app = createApp(deps, { clientIp: (c) => c.req.header(TEST_IP_HEADER) ?? '203.0.113.1' });

  let ipCounter = 0;
  return {
    app,
    deps,
    db: database.db,
    logs,
    /** Delivers queued mail and returns everything sent so far. */
    async sentMail(): Promise<MailMessage[]> {
      await deps.mail.drain();
      return transport.sent;
    },
    transport,
    /** A fresh caller address, so rate limits of other tests never interfere. */
    nextIp(): string {
      ipCounter += 1;
      return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
    },
    /** Error-level log entries, i.e. server failures a test did not expect. */
    serverErrors(): LogEntry[] {
      return logs.filter((entry) => entry.level >= 50);
    },
    /** Returns the error-level entries so far and forgets them (for tests that expect one). */
    takeServerErrors(): LogEntry[] {
      const errors = logs.filter((entry) => entry.level >= 50);
      logs.splice(0, logs.length, ...logs.filter((entry) => entry.level < 50));
      return errors;
    },
    /** Redis in use (TEST_REDIS_URL or the option), with this app's key prefix. */
    redis: redisUrl ? { url: redisUrl, prefix: redisPrefix } : undefined,
    close: async () => {
      await deps.close();
      if (redisUrl && !options.redisPrefix) await dropRedisPrefix(redisUrl, redisPrefix);
    },
  };
}

/**
 * The end of a file's app: it must have logged no server error, then it closes.
 * `afterAll(() => closeTestApp(t))`; an app whose creation failed is skipped, so that failure is the one reported.
 */
export async function closeTestApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  try {
    expect(t.serverErrors()).toEqual([]);
  } finally {
    await t.close();
  }
}
