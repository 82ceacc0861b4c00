import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, test } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock.ts';
import { freePort, migratedDataDir, startServer as start, waitHealthy } from './testing/server-process.ts';

// These start the real entry point on embedded PGlite; once per run is enough.
const testDb = inject('testDb');
const runsOnce = testDb.kind === 'pglite';
const onPostgres = testDb.kind === 'postgres';

test.runIf(runsOnce)('bad configuration stops start-up with one line naming the variable', async () => {
  const server = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sidepot-env-')) });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe('Invalid configuration: PORT Invalid input: expected number, received NaN (got "not-a-port")');
});

test.runIf(runsOnce)('SIGTERM closes PGlite cleanly and committed data survives a restart', async () => {
  const dataDir = migratedDataDir('sidepot-restart-');
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir };
  const origin = `http://localhost:${port}`;

  const first = start(env);
  await waitHealthy(port);
  // Idle keep-alive connections outlive a balancer's or client's own idle timeout (server/index.ts).
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).headers.get('keep-alive')).toBe('timeout=65');
  const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      name: 'Persisted',
      username: 'persisted_user',
      email: 'persisted@example.com',
      password: 'secret-pass',
      phone: '5550001111',
      venmoHandle: 'persisted',
      ageConfirmed: true,
    }),
  });
  expect(signUp.status).toBe(200);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  const second = start(env);
  await waitHealthy(port);
  const available = await fetch(`http://127.0.0.1:${port}/api/auth/is-username-available`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: 'persisted_user' }),
  });
  expect(await available.json()).toEqual({ available: false });
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 150_000);

function tempDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

test.runIf(runsOnce)('a second server on the same DATA_DIR stops with one line naming it and the PID; the first keeps serving', async () => {
  const dataDir = migratedDataDir('sidepot-lock-');
  const [port, otherPort] = [await freePort(), await freePort()];
  const first = start({ PORT: String(port), DATA_DIR: dataDir });
  await waitHealthy(port);
  expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));

  const second = start({ PORT: String(otherPort), DATA_DIR: dataDir });
  expect(await second.exited).toBe(1);
  expect(second.stderr().trim()).toBe(
    `Cannot start Sidepot: the data directory ${path.resolve(dataDir)} is in use by another process (PID ${first.child.pid}); stop it or set another DATA_DIR.`,
  );
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  // The seed script is refused too, with the same reason.
  const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--users', '50', '--data-dir', dataDir], {
    env: { PATH: process.env['PATH'] ?? '', PORT: String(otherPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seedErr = '';
  seed.stderr.on('data', (chunk: Buffer) => (seedErr += chunk.toString()));
  expect(await new Promise((resolve) => seed.on('exit', resolve))).toBe(1);
  expect(seedErr.trim()).toBe(
    `the data directory ${path.resolve(dataDir)} is in use by another process (PID ${first.child.pid}); stop it or set another DATA_DIR.`,
  );
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  // Released on exit.
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
}, 150_000);

test.runIf(runsOnce)('a lock left by a process that died is taken over', async () => {
  const dataDir = migratedDataDir('sidepot-stale-');
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(path.join(dataDir, LOCK_FILE), `${dead}\n`);
  const port = await freePort();
  const server = start({ PORT: String(port), DATA_DIR: dataDir });
  await waitHealthy(port);
  expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(server.child.pid));
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 150_000);

test.runIf(runsOnce)('an unreachable DATABASE_URL stops start-up with one line naming it, without the password', async () => {
  const server = start({ DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/sidepot', DATA_DIR: tempDir('sidepot-badurl-') });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe(
    'Cannot start Sidepot: cannot connect to the database in DATABASE_URL (127.0.0.1:1/sidepot): connect ECONNREFUSED 127.0.0.1:1',
  );
});

test.runIf(runsOnce)('an unreachable DATABASE_DIRECT_URL stops start-up with one line naming it, without the password', async () => {
  const server = start({
    DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/sidepot',
    DATABASE_DIRECT_URL: 'postgres://app:hunter2@127.0.0.1:2/sidepot',
    DATA_DIR: tempDir('sidepot-baddirect-'),
  });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe(
    'Cannot start Sidepot: cannot connect to the database in DATABASE_DIRECT_URL (127.0.0.1:2/sidepot): connect ECONNREFUSED 127.0.0.1:2',
  );
});

/** A fresh, migrated database on the test server, for a real server process. */
async function scratchDatabase() {
  if (testDb.kind !== 'postgres') throw new Error('PostgreSQL only');
  const admin = new pg.Client({ connectionString: testDb.adminUrl });
  await admin.connect();
  const name = `sidepot_proc_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name} template ${testDb.template}`);
  const url = new URL(testDb.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    terminateConnections: async () => {
      const { rows } = await admin.query<{ n: string }>(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1',
        [name],
      );
      return Number(rows[0]?.n ?? 0);
    },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

test.runIf(onPostgres)('a database name that does not exist stops start-up with one line', async () => {
  const url = new URL(testDb.kind === 'postgres' ? testDb.adminUrl : '');
  url.pathname = '/sidepot_no_such_database';
  const server = start({ DATABASE_URL: url.toString(), DATA_DIR: tempDir('sidepot-nodb-') });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe(
    `Cannot start Sidepot: cannot connect to the database in DATABASE_URL (${url.host}/sidepot_no_such_database): database "sidepot_no_such_database" does not exist`,
  );
});

test.runIf(onPostgres)('the real server survives its database connections being terminated', async () => {
  const database = await scratchDatabase();
  try {
    const port = await freePort();
    const server = start({ PORT: String(port), DATABASE_URL: database.url, DATA_DIR: tempDir('sidepot-pgkill-') });
    await waitHealthy(port);
    for (let round = 0; round < 2; round += 1) {
      expect(await database.terminateConnections()).toBeGreaterThan(0);
      await waitHealthy(port, 10_000);
    }
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/is-username-available`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ username: 'after_the_outage' }),
    });
    expect(signUp.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // No crash and no stack: the losses are logged as warnings on stdout.
    expect(server.stderr()).not.toMatch(/error|\n\s+at /i);
  } finally {
    await database.drop();
  }
}, 150_000);
