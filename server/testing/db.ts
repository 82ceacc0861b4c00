import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openDatabase, type Database } from '../db/client.ts';

/**
 * A PGlite a test file closed, emptied, for the next file of this worker (files run one after
 * another in a worker: `isolate: false`). Starting one from the template dump cost 2-4 s of CPU,
 * about 47 times a run; emptying it costs one TRUNCATE.
 */
let idlePglite: PGlite | undefined;

async function emptied(pglite: PGlite): Promise<boolean> {
  if (pglite.closed) return false;
  try {
    const { rows } = await pglite.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    await pglite.exec(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
    return true;
  } catch {
    return false;
  }
}

/** A private, migrated database for one test file, dropped (or, on PGlite, emptied for the next file) by `close()`. */
export async function createTestDatabase(): Promise<Database> {
  const config = inject('testDb');
  if (config.kind === 'pglite') {
    const pglite = idlePglite ?? createPglite(undefined, { loadDataDir: new Blob([readFileSync(config.dumpPath)]) });
    idlePglite = undefined;
    const database = await openDatabase({ kind: 'pglite', pglite });
    return {
      ...database,
      close: async () => {
        if (!idlePglite && (await emptied(pglite))) idlePglite = pglite;
        else await database.close();
      },
    };
  }
  const name = `sidepot_test_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${config.template}`);
  const url = new URL(config.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      // pool.end() resolves before the server has reaped the backends; forcing the
      // drop then would kill them mid-goodbye and surface as an unhandled 57P01.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
