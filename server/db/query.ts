import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client.ts';

/**
 * Runs a hand-written statement and validates its rows, so raw SQL is as
 * typed as the query builder. Both drivers return `{ rows }`.
 */
export async function queryRows<T extends z.ZodType>(db: Db, query: SQL, row: T): Promise<z.output<T>[]> {
  const result: unknown = await db.execute(query);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('unexpected driver result: no rows array');
  }
  return result.rows.map((value: unknown) => row.parse(value));
}

export async function queryOne<T extends z.ZodType>(db: Db, query: SQL, row: T): Promise<z.output<T> | undefined> {
  const [first] = await queryRows(db, query, row);
  return first;
}

/** Escapes LIKE wildcards in user input ('_' is common in usernames). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
