import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { StartupError } from '../lib/startup-error.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { setNamedStatements } from './prepared.ts';
import * as authSchema from './schema/auth.ts';
import * as betsSchema from './schema/bets.ts';
import * as commentsSchema from './schema/comments.ts';
import * as filesSchema from './schema/files.ts';
import * as friendsSchema from './schema/friends.ts';
import * as likesSchema from './schema/likes.ts';
import * as limitsSchema from './schema/limits.ts';
import * as mailSchema from './schema/mail.ts';
import * as notificationsSchema from './schema/notifications.ts';
import * as preferencesSchema from './schema/preferences.ts';
import * as settlementsSchema from './schema/settlements.ts';

export const schema = {
  ...authSchema,
  ...mailSchema,
  ...friendsSchema,
  ...betsSchema,
  ...commentsSchema,
  ...notificationsSchema,
  ...likesSchema,
  ...preferencesSchema,
  ...filesSchema,
  ...settlementsSchema,
  ...limitsSchema,
};

/** A PGlite instance with the extensions our migrations use. */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  // PGlite ignores the options argument when the data dir argument is undefined.
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}
export type Schema = typeof schema;

/** Either driver's database; queries are written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: where a dedicated LISTEN connection should connect (the direct URL when
   * DATABASE_URL goes through a transaction pooler, which cannot keep a LISTEN session).
   */
  connectionString?: string;
  /** Checks the database answers (used by /api/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed number works; it only has to be the same on every instance.
const MIGRATION_LOCK_ID = 727_274_001;

export type OpenDatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; pglite?: PGlite }
  | { kind: 'postgres'; url: string; directUrl?: string; poolSize?: number; logger?: Logger };

// A connection that cannot be made in this time counts as a database outage.
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 3_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options)
    : openPostgres(options);
}

async function openPglite(options: { dataDir?: string; pglite?: PGlite }): Promise<Database> {
  let client = options.pglite;
  // One process per data directory: a second one would silently lose its writes.
  const lock = !client && options.dataDir ? lockDataDir(options.dataDir) : undefined;
  try {
    if (!client) {
      const dir = options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined;
      if (dir) mkdirSync(dir, { recursive: true });
      client = createPglite(dir);
    }
    await client.waitReady;
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const pglite = client;
  return {
    db: drizzlePglite({ client: pglite, schema }),
    kind: 'pglite',
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

/**
 * A terminated backend (failover, restart, pg_terminate_backend) makes its
 * client emit 'error'; unhandled, that kills the process. Every client of the
 * pool gets a listener for its whole life (pg-pool only listens while a
 * client is idle), and the pool drops the broken client so the next query
 * opens a fresh connection.
 */
export function survivePoolErrors(pool: pg.Pool, logger?: Logger): void {
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error.message }, 'database connection lost'));
  });
  // Already reported by the client's own listener above.
  pool.on('error', () => undefined);
}

/**
 * Errors that mean the connection died, not the statement: the server ended the session
 * (57P01 admin shutdown after pg_terminate_backend, 57P02 crash shutdown, 57P03 cannot connect
 * now), any connection exception (class 08), or the socket closing under node-postgres.
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) return true;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNREFUSED' || code === 'ETIMEDOUT') return true;
  return /Connection terminated|connection error|not queryable|Client was closed/i.test(error.message);
}

// A statement with any of these may change something, so it is never sent twice.
const WRITES = /\b(insert\s+into|update\s|delete\s+from|merge\s+into|truncate|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_notify|pg_advisory\w*|set_config|pg_terminate_backend|pg_cancel_backend|lo_\w+)\b/i;

/**
 * "Sending this statement twice is harmless": a plain SELECT (or a WITH … SELECT) with no
 * data-modifying clause, row lock or side-effecting function. Anything else counts as a write.
 */
export function isIdempotentRead(text: string): boolean {
  const statement = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  return /^(select|with)\b/i.test(statement) && !WRITES.test(statement);
}

function statementText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string') return config.text;
  return undefined;
}

/**
 * A pooled connection can die under a statement (failover, restart, pg_terminate_backend): the
 * statement fails and the pool drops that client. An idempotent read outside a transaction
 * (drizzle sends those through pool.query) is then sent once more, on another connection, after
 * the event loop has let every other terminated idle client report its error and leave the pool
 * (ADR 051). Writes, and anything inside a transaction (a checked-out client), fail as before:
 * whether a write committed is unknown, so it is never repeated blindly.
 */
export function retryReadsOnConnectionLoss(pool: pg.Pool, logger?: Logger): void {
  const query: (...args: unknown[]) => unknown = pool.query.bind(pool);
  const retrying = (...args: unknown[]): unknown => {
    const [config] = args;
    const text = statementText(config);
    // Callback style (none of ours) and anything but an idempotent read pass straight through.
    if (typeof args.at(-1) === 'function' || text === undefined || !isIdempotentRead(text)) return query(...args);
    return Promise.resolve(query(...args)).catch(async (error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      logger?.warn({ err: error instanceof Error ? error.message : String(error) }, 'database connection lost under a read; retrying once');
      await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
      return query(...args);
    });
  };
  // pg.Pool's query is overloaded; the wrapper takes and returns exactly what the original does.
  pool.query = retrying as typeof pool.query;
}

// Long enough for the FATAL message of every other terminated backend to reach its idle client.
const READ_RETRY_DELAY_MS = 50;

/** host:port/database of a connection string, without credentials, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

function reason(error: unknown): string {
  // "localhost" resolves to two addresses; node reports both refusals as one AggregateError without a message.
  const inner: unknown = error instanceof AggregateError ? error.errors[0] : undefined;
  const first = inner ?? error;
  if (first instanceof Error) return first.message || ('code' in first ? String(first.code) : first.name);
  return String(first);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Several instances may boot at once: one migrates while the others wait on a
 * session-level advisory lock. Behind a transaction pooler each statement may
 * land on another server connection (the lock would never be released), so
 * this runs on the direct URL when there is one.
 */
async function migrateUnderLock<C extends pg.Client | pg.PoolClient>(connect: () => Promise<C>, release: (client: C) => Promise<void>): Promise<void> {
  const client = await connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await release(client);
  }
}

async function openPostgres(options: { url: string; directUrl?: string; poolSize?: number; logger?: Logger }): Promise<Database> {
  const { url, directUrl, poolSize = 10, logger } = options;
  // A direct URL means DATABASE_URL is a transaction pooler, which loses named statements (prepared.ts).
  setNamedStatements(!directUrl);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  survivePoolErrors(pool, logger);
  retryReadsOnConnectionLoss(pool, logger);
  const fail = (variable: string, target: string) => async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw new StartupError(`cannot connect to the database in ${variable} (${describeDatabaseUrl(target)}): ${reason(error)}`);
  };
  if (directUrl) {
    await migrateUnderLock(
      async () => {
        const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        client.on('error', (error) => logger?.warn({ err: error.message }, 'migration connection lost'));
        await client.connect().catch(fail('DATABASE_DIRECT_URL', directUrl));
        return client;
      },
      (client) => client.end(),
    );
    // The pooled URL must answer too, or every request would fail later.
    await pool.query('select 1').catch(fail('DATABASE_URL', url));
  } else {
    await migrateUnderLock(
      () => pool.connect().catch(fail('DATABASE_URL', url)),
      (client) => {
        client.release();
        return Promise.resolve();
      },
    );
  }
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    connectionString: directUrl ?? url,
    ping: async () => {
      await withTimeout(pool.query('select 1'), PING_TIMEOUT_MS, 'database ping timed out');
    },
    close: () => pool.end(),
  };
}
