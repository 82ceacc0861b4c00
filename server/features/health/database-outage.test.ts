import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { changeKinds } from '#domain/realtime.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { openEventStream, readEventStream } from '#server/testing/sse.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

// Killing and refusing connections needs a real server: PostgreSQL only.
const config = inject('testDb');
const onPostgres = config.kind === 'postgres';

let t: TestApp;
let admin: pg.Client;
let name: string;
beforeAll(async () => {
  t = await createTestApp();
  if (config.kind !== 'postgres') return;
  admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  name = new URL(t.deps.database.connectionString ?? '').pathname.slice(1);
});
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  if (onPostgres) {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
  }
  await t.close();
});

/** What a failover or an operator does to the app: every connection to its database dies. */
async function terminateAppConnections() {
  const { rows } = await admin.query<{ n: string }>(
    'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return Number(rows[0]?.n ?? 0);
}

async function health() {
  return (await t.app.request(`${TEST_ORIGIN}/api/health`)).status;
}

/** Polls /api/health until it answers `status`; returns every status seen on the way. */
async function healthUntil(status: number, timeoutMs = 10_000) {
  const seen: number[] = [];
  const started = performance.now();
  while (seen.at(-1) !== status) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`health never answered ${status}: ${seen.join(',')}`);
    seen.push(await health());
    if (seen.at(-1) !== status) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

const isResync = (kinds: Set<string>) => changeKinds.every((kind) => kinds.has(kind));

async function friendsWithPendingBet() {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  return { creator, opponent, bet };
}

test.runIf(onPostgres)(
  'terminated database connections: the next requests succeed and events still arrive',
  async () => {
    const { creator, opponent, bet } = await friendsWithPendingBet();
    const stream = readEventStream(await openEventStream(t, creator.agent));
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      expect(await terminateAppConnections()).toBeGreaterThan(0);

      // The LISTEN connection comes back and the stream is told to refetch what it may have missed.
      await stream.waitFor(() =>
        isResync(
          new Set(
            stream.frames
              .filter((f) => f.event === 'change')
              .map((f) => f.data.match(/"kind":"(\w+)"/)?.[1] ?? ''),
          ),
        ),
      );
      // At worst one clean 503 while the pool notices, never a 500 or a crash.
      const statuses = await healthUntil(200);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 503)).toBe(true);
      expect(statuses.length).toBeLessThanOrEqual(2);
      expect((await creator.agent.api.profile.$get()).status).toBe(200);
      expect(
        (await opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} })).status,
      ).toBe(200);
      await stream.waitFor((frame) => frame.event === 'change' && frame.data.includes(bet.id));
    } finally {
      await stream.close();
    }
  },
);

test.runIf(onPostgres)(
  'while the database refuses connections health answers 503, and 200 again after',
  async () => {
    const { creator, opponent, bet } = await friendsWithPendingBet();
    const stream = readEventStream(await openEventStream(t, creator.agent));
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      await admin.query(`alter database ${name} allow_connections false`);
      await terminateAppConnections();
      // Also through failed reconnects of the event listener (logged as warnings).
      await healthUntil(503);
      expect(await health()).toBe(503);
      const resyncsBefore = stream.frames.length;

      await admin.query(`alter database ${name} allow_connections true`);
      await healthUntil(200);
      await stream.waitFor(
        () =>
          isResync(
            new Set(stream.frames.slice(resyncsBefore).map((f) => f.data.match(/"kind":"(\w+)"/)?.[1] ?? '')),
          ),
        15_000,
      );
      expect(
        (await opponent.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} })).status,
      ).toBe(200);
      await stream.waitFor((frame) => frame.event === 'change' && frame.data.includes(bet.id));
    } finally {
      await stream.close();
    }
  },
  40_000,
);

test.runIf(!onPostgres)('on PGlite the database is in the process: health is 200', async () => {
  expect(await health()).toBe(200);
});
