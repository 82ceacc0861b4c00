import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';

/** A private, migrated database for one test file, dropped by `close()`. */
export async function createTestDatabase(): Promise<Database> {
  const config = inject('testDb');
  if (config.kind === 'pglite') {
    const dump = new Blob([readFileSync(config.dumpPath)]);
    return openDatabase({ kind: 'pglite', pglite: new PGlite({ loadDataDir: dump }) });
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
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
