import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { insertBet } from '../testing/bets.ts';
import { makeFriends, signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '../testing/test-app.ts';
import { isConnectionLost, isIdempotentRead } from './client.ts';

// Terminating connections needs a real server: the PostgreSQL tests run on api-pg; PGlite has no connections to lose.
const config = inject('testDb');
const onPostgres = config.kind === 'postgres';

let t: TestApp;
let admin: pg.Client | undefined;
let name = '';
beforeAll(async () => {
  t = await createTestApp();
  if (config.kind !== 'postgres') return;
  admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  name = new URL(t.deps.database.connectionString ?? '').pathname.slice(1);
});
afterAll(async () => {
  await admin?.end();
  // The retries log a warning each; a server error (a 500) would fail here.
  await closeTestApp(t);
});

async function terminateAppConnections(): Promise<number> {
  if (!admin) throw new Error('PostgreSQL only');
  const { rows } = await admin.query<{ n: string }>(
    'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Resolves once the app runs a statement starting with `prefix` on the server: terminating before that kills an idle connection instead. */
async function waitUntilRunning(prefix: string): Promise<void> {
  if (!admin) throw new Error('PostgreSQL only');
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await admin.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = $1 and state = 'active' and query like $2",
      [name, `${prefix}%`],
    );
    if (Number(rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the statement '${prefix}…' never started`);
}

test('what counts as an idempotent read and as a lost connection', () => {
  for (const text of [
    'select 1',
    '  select "id" from "user" where "id" = $1',
    '-- hot read\nselect * from bet',
    'with mine as (select id from bet) select * from mine',
    'select updated_at from "user"',
  ]) {
    expect({ text, read: isIdempotentRead(text) }).toEqual({ text, read: true });
  }
  for (const text of [
    'insert into bet (id) values ($1)',
    'update "user" set name = $1',
    'delete from session where id = $1',
    'with due as (select id from push_outbox for update skip locked) update push_outbox set x = 1 from due',
    'with gone as (delete from session returning id) select * from gone',
    'select * from bet where id = $1 for update',
    "select pg_notify('c', 'x')",
    "select nextval('s')",
    'select pg_advisory_lock(1)',
    'begin',
    'commit',
  ]) {
    expect({ text, read: isIdempotentRead(text) }).toEqual({ text, read: false });
  }
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  expect(isConnectionLost(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
  expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  expect(isConnectionLost(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
  expect(isConnectionLost(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
  expect(isConnectionLost(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);
  expect(isConnectionLost('57P01')).toBe(false);
});

test.runIf(onPostgres)('a read whose connection is terminated under it is answered from a fresh one; a write is not repeated', async () => {
  const db = t.db;
  // The read is in flight (sleeping on the server) when its backend is terminated.
  // Promise.resolve starts it now: a Drizzle query is sent only when something awaits it.
  const read = Promise.resolve(db.execute(sql`select pg_sleep(0.5), 42 as answer`));
  await waitUntilRunning('select pg_sleep(0.5), 42');
  expect(await terminateAppConnections()).toBeGreaterThan(0);
  const result: unknown = await read;
  expect(JSON.stringify(result)).toContain('"answer":42');

  // A write in flight fails as before and is not sent again: no row appears.
  await db.execute(sql`create table if not exists retry_probe (n int)`);
  const write = Promise.resolve(db.execute(sql`insert into retry_probe select 1 from pg_sleep(0.5)`)).then(
    () => 'written',
    () => 'failed',
  );
  await waitUntilRunning('insert into retry_probe');
  expect(await terminateAppConnections()).toBeGreaterThan(0);
  expect(await write).toBe('failed');
  await new Promise((resolve) => setTimeout(resolve, 700));
  const count: unknown = await db.execute(sql`select count(*)::int as n from retry_probe`);
  expect(JSON.stringify(count)).toContain('"n":0');
});

test.runIf(onPostgres)(
  'terminating the app’s connections under load: every read request still answers 200 (0 5xx)',
  async () => {
    const creator = await signedInUser(t);
    const opponent = await signedInUser(t);
    await makeFriends(t, creator.user.id, opponent.user.id);
    for (let i = 0; i < 5; i += 1) await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
    const reads = [
      () => creator.agent.get('/api/bets/mine'),
      () => creator.agent.get('/api/feed'),
      () => opponent.agent.get('/api/bets/mine'),
      () => opponent.agent.get('/api/profile'),
      () => creator.agent.get('/api/friends'),
      () => creator.agent.get('/api/activity'),
    ];
    const statuses = new Map<number, number>();
    let terminated = 0;
    const rounds = 5;
    for (let round = 0; round < rounds; round += 1) {
      let stop = false;
      // Ten clients reading back to back while every app connection is terminated, as the probe did.
      const clients = Array.from({ length: 10 }, async (_, client) => {
        for (let n = 0; !stop; n += 1) {
          const read = reads[(client + n) % reads.length];
          if (!read) throw new Error('no read');
          const res = await read();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
      terminated += await terminateAppConnections();
      await new Promise((resolve) => setTimeout(resolve, 400));
      stop = true;
      await Promise.all(clients);
    }
    expect(terminated).toBeGreaterThan(0);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.info(`read retry: ${total} requests over ${rounds} rounds, ${terminated} backends terminated, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    const errors = t.takeServerErrors().map((entry) => JSON.stringify(entry).replace(/Failed query:[\s\S]*?params/, "").slice(0, 900));
    expect({ statuses: Object.fromEntries(statuses), errors }).toEqual({ statuses: { 200: total }, errors: [] });
  },
  60_000,
);
