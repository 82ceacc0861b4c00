import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../db/client.ts';
import { buildServerBundle } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'pglite'; dumpPath: string; dataDirTemplate: string }
      | { kind: 'postgres'; adminUrl: string; template: string };
    /** The server built once per run, for tests that start it as a process (server-process.ts). */
    serverBundle: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a
 * copy of it (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const bundle = await buildServerBundle();
  project.provide('serverBundle', bundle.file);
  const teardownDatabase = await setupDatabase(project);
  return async () => {
    await teardownDatabase();
    bundle.remove();
  };
}

async function setupDatabase(project: TestProject): Promise<() => void | Promise<void>> {
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
  // A migrated DATA_DIR as the server leaves it: tests that start the server as a process copy it
  // (server-process.ts), since a first start's migrations cost 6-8 s of CPU each.
  const dataDirTemplate = path.join(dir, 'data');
  mkdirSync(path.join(dataDirTemplate, 'pglite'), { recursive: true });
  const client = createPglite(path.join(dataDirTemplate, 'pglite'));
  const database = await openDatabase({ kind: 'pglite', pglite: client });
  const dump = await client.dumpDataDir('none');
  const dumpPath = path.join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', dumpPath, dataDirTemplate });
  return () => rmSync(dir, { recursive: true, force: true });
}
