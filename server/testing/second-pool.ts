import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, survivePoolErrors, type Database, type Db } from '../db/client.ts';

/**
 * What a second instance has: its own connection pool on the same database
 * (PostgreSQL), so two workers' claims really run on different connections at
 * once. PGlite is one connection in one process: the same handle is returned.
 */
export function openSecondPool(database: Database): { db: Db; close(): Promise<void> } {
  if (database.kind === 'pglite' || !database.connectionString) {
    return { db: database.db, close: () => Promise.resolve() };
  }
  const pool = new pg.Pool({ connectionString: database.connectionString, max: 5 });
  survivePoolErrors(pool);
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}
