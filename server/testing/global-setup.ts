import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Migrates one template database per run; every test file then starts from a
 * copy of it (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (project.name === 'api-pg') {
    const adminUrl = process.env['TEST_DATABASE_URL'];
    if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the api-pg project');
    const template = `sidepot_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.close();
    project.provide('testDb', { kind: 'postgres', adminUrl, template });
    return async () => {
      // Test databases are dropped by their files; this sweeps any a crash left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`sidepot_test_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'sidepot-pglite-'));
  const client = createPglite();
  const database = await openDatabase({ kind: 'pglite', pglite: client });
  const dump = await client.dumpDataDir('none');
  const dumpPath = path.join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
