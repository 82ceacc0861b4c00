import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Connection } from './target.ts';

type Cell = string | number | boolean | null;
/** A row keyed like the Drizzle table, so a misspelt column fails to compile; timestamps as ISO strings. */
type RowOf<T extends PgTable> = { [K in keyof T['$inferInsert']]?: Cell };

/**
 * Buffers rows column by column and writes each batch as one
 * `INSERT … SELECT * FROM unnest($1::text[], …)`: one statement with one
 * parameter per column on both drivers, however many rows (a multi-row
 * VALUES list would hit pg's 65,535-parameter cap at ~5,000 bets).
 * Columns are those of the first row; the others take their defaults.
 */
export function createSink<T extends PgTable>(
  conn: Connection,
  table: T,
  options: { batchSize?: number; beforeFlush?: () => Promise<void> } = {},
) {
  const batchSize = options.batchSize ?? 5000;
  const columns: Record<string, PgColumn> = getTableColumns(table);
  let statement: { keys: string[]; text: string } | undefined;
  let buffer: Cell[][] = [];
  let written = 0;
  const flush = async () => {
    const size = buffer[0]?.length ?? 0;
    if (!statement || size === 0) return;
    // Rows this batch references (a comment's bet) must be written first.
    await options.beforeFlush?.();
    const batch = buffer;
    buffer = statement.keys.map(() => []);
    await conn.query(statement.text, batch);
    written += size;
  };
  return {
    async add(row: RowOf<T>) {
      const record: Partial<Record<string, Cell>> = row;
      if (!statement) {
        const keys = Object.keys(record);
        const sqlColumns = keys.map((key) => {
          const column = columns[key];
          if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
          return column;
        });
        const names = sqlColumns.map((column) => `"${column.name}"`).join(', ');
        const arrays = sqlColumns.map((column, i) => `$${i + 1}::${column.getSQLType()}[]`).join(', ');
        statement = {
          keys,
          text: `insert into "${getTableName(table)}" (${names}) select * from unnest(${arrays})`,
        };
        buffer = keys.map(() => []);
      }
      statement.keys.forEach((key, i) => buffer[i]?.push(record[key] ?? null));
      if ((buffer[0]?.length ?? 0) >= batchSize) await flush();
    },
    flush,
    get written() {
      return written;
    },
  };
}
