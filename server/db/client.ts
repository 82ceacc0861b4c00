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
import * as authSchema from './schema/auth.ts';
import * as betsSchema from './schema/bets.ts';
import * as commentsSchema from './schema/comments.ts';
import * as friendsSchema from './schema/friends.ts';
import * as likesSchema from './schema/likes.ts';
import * as mailSchema from './schema/mail.ts';
import * as notificationsSchema from './schema/notifications.ts';

export const schema = {
  ...authSchema,
  ...mailSchema,
  ...friendsSchema,
  ...betsSchema,
  ...commentsSchema,
  ...notificationsSchema,
  ...likesSchema,
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
  /** PostgreSQL only: where a dedicated LISTEN connection should connect. */
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
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options.url, options.poolSize);
}

async function openPglite(options: { dataDir?: string; pglite?: PGlite }): Promise<Database> {
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = createPglite(dir);
  }
  const pglite = client;
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Several instances may boot at once: one migrates while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    connectionString: url,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
