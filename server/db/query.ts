import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client.ts';
import { users } from './schema/auth.ts';

/**
 * Runs a hand-written statement and validates its rows, so raw SQL is as
 * typed as the query builder. Both drivers return `{ rows }`.
 */
export async function queryRows<T extends z.ZodType>(db: Db, query: SQL, row: T): Promise<z.output<T>[]> {
  const result: unknown = await db.execute(query);
  return rowsOf(result).map((value) => row.parse(value));
}

/** The rows of either driver's result. */
export function rowsOf(result: unknown): unknown[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('unexpected driver result: no rows array');
  }
  return result.rows;
}

export async function queryOne<T extends z.ZodType>(db: Db, query: SQL, row: T): Promise<z.output<T> | undefined> {
  const [first] = await queryRows(db, query, row);
  return first;
}

/** Escapes LIKE wildcards in user input ('_' is common in usernames). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * How every list shows a user: the username as they typed it (`display_username`), falling back to
 * the lower-cased unique one. The one home of that rule for hand-written SQL: `alias` is the table
 * alias of a `"user"` row, always a literal in our code, never input.
 */
export function displayUsernameOf(alias: string): string {
  return `coalesce(${alias}.display_username, ${alias}.username)`;
}

/** {@link displayUsernameOf} as a fragment of a `sql` template. */
export const displayUsername = (alias: string): SQL => sql.raw(displayUsernameOf(alias));

/** {@link displayUsernameOf} for the query builder on the `user` table. */
export const displayUsernameColumn = (
  table: { displayUsername: AnyColumn; username: AnyColumn } = users,
): SQL<string> => sql<string>`coalesce(${table.displayUsername}, ${table.username})`;
