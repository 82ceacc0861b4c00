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

export type PreparedOptions<K extends string, T extends z.ZodType> = {
  /** Unique per statement text: node-postgres refuses one name for two texts. */
  name: string;
  keys: readonly K[];
  build: (params: Placeholders<K>) => SQL;
  row: T;
  /**
   * false: sent unnamed, so PostgreSQL plans it for each call's values. For a statement whose
   * good plan depends on a value no generic plan can know (a LIKE prefix: the index range comes
   * from the pattern), and PostgreSQL may pick the generic plan after five calls.
   */
  reusePlan?: boolean;
};

/**
 * A hot read statement (ADR 040), built once instead of per request: `build` gets
 * placeholders, its SQL text is made on first use, and each call only fills in the values. On
 * PostgreSQL it runs as a named prepared statement, so each pooled connection parses it once and
 * can reuse one plan (plan_cache_mode = auto: after five calls, when the generic plan is not
 * estimated dearer than the values' own plans). Check a new statement's generic plan for its
 * heaviest users (`set plan_cache_mode = force_generic_plan`) before naming it.
 */
export function preparedRows<K extends string, T extends z.ZodType>(
  options: PreparedOptions<K, T>,
): (db: Db, values: Record<K, unknown>) => Promise<z.output<T>[]> {
  const { name, keys, build, row, reusePlan = true } = options;
  let query: Query | undefined;
  // A transaction has its own session (a checked-out connection); the pool's is long-lived.
  const bySession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    const session = db._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      query ??= dialect.sqlToQuery(build(placeholdersFor(keys)));
      prepared = session.prepareQuery(query, undefined, useNames && reusePlan ? name : undefined, false);
      bySession.set(session, prepared);
    }
    const result: unknown = await prepared.execute(values);
    return rowsOf(result).map((value) => row.parse(value));
  };
}

/** {@link preparedRows} for statements that answer at most one row. */
export function preparedRow<K extends string, T extends z.ZodType>(
  options: PreparedOptions<K, T>,
): (db: Db, values: Record<K, unknown>) => Promise<z.output<T> | undefined> {
  const rows = preparedRows(options);
  return async (db, values) => (await rows(db, values))[0];
}

function placeholdersFor<K extends string>(keys: readonly K[]): Placeholders<K> {
  const entries = keys.map((key) => [key, sql.placeholder(key)] as const);
  // Built from exactly the keys K.
  return Object.fromEntries(entries) as Placeholders<K>;
}
