import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from './client.ts';
import { rowsOf } from './query.ts';

export type Placeholders<K extends string> = { readonly [P in K]: Placeholder<P> };

/**
 * Whether hot statements go to PostgreSQL as named prepared statements. Behind a transaction pooler
 * (PgBouncer before 1.21, ADR 031) a name prepared on one server connection is unknown on the next,
 * so `openDatabase` turns names off when DATABASE_DIRECT_URL says such a pooler is in front.
 * PGlite ignores names either way.
 */
let useNames = true;
export function setNamedStatements(enabled: boolean): void {
  useNames = enabled;
}

const dialect = new PgDialect();

/**
 * A hot read statement (issue 16, point 1; ADR 040), built once instead of per request: `build` gets
 * placeholders, its SQL text is made on first use, and each call only fills in the values. On
 * PostgreSQL it runs as a named prepared statement, so each pooled connection parses and plans it
 * once, then reuses that plan or re-plans with the values (PostgreSQL's plan_cache_mode = auto).
 * `name` must be unique per statement text: node-postgres refuses one name for two texts.
 */
export function preparedRows<K extends string, T extends z.ZodType>(
  name: string,
  keys: readonly K[],
  build: (params: Placeholders<K>) => SQL,
  row: T,
): (db: Db, values: Record<K, unknown>) => Promise<z.output<T>[]> {
  let query: Query | undefined;
  // A transaction has its own session (a checked-out connection); the pool's is long-lived.
  const bySession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    const session = db._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      query ??= dialect.sqlToQuery(build(placeholdersFor(keys)));
      prepared = session.prepareQuery(query, undefined, useNames ? name : undefined, false);
      bySession.set(session, prepared);
    }
    const result: unknown = await prepared.execute(values);
    return rowsOf(result).map((value) => row.parse(value));
  };
}

/** {@link preparedRows} for statements that answer at most one row. */
export function preparedRow<K extends string, T extends z.ZodType>(
  name: string,
  keys: readonly K[],
  build: (params: Placeholders<K>) => SQL,
  row: T,
): (db: Db, values: Record<K, unknown>) => Promise<z.output<T> | undefined> {
  const rows = preparedRows(name, keys, build, row);
  return async (db, values) => (await rows(db, values))[0];
}

function placeholdersFor<K extends string>(keys: readonly K[]): Placeholders<K> {
  const entries = keys.map((key) => [key, sql.placeholder(key)] as const);
  // Built from exactly the keys K.
  return Object.fromEntries(entries) as Placeholders<K>;
}
