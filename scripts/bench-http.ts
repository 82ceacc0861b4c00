/*
 * The app over HTTP next to the raw SQL of the same endpoint.
 *
 *   npm run bench:http -- --database-url postgres://…/sidepot_bench [--requests 500] [--warmup 50]
 *                         [--port 4320] [--seconds 5] [--connections 10,50] [--dump-sql file.json] [--only text] [--profile dir]
 *
 * Reuses a database seeded by `npm run seed` (PostgreSQL only: the raw SQL needs its own connection,
 * which a PGlite data directory cannot give a second process). It starts the real server
 * (server/index.ts) as a child process with a statement probe preloaded, signs viewers in by
 * writing session rows (removed at the end), records the SQL each endpoint sends, then for each
 * endpoint alternates one HTTP request and one replay of that SQL over its own connection
 * (same statements, same parameters, same count) and prints p50/p99 of both, their ratio and
 * the statements per request counted in the server's driver. Then throughput of the feed at
 * each --connections, next to its raw SQL and a Hono hello-world, for --seconds each.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import type { ProbeReply, ProbeRequest, ProbeStatement } from './bench-http/statement-probe.ts';
import { closedLoop, createClient, quantile, type Viewer } from './bench-http/http-client.ts';

const argsSchema = z.object({
  'database-url': z.string().min(1),
  requests: z.coerce.number().int().min(1).default(500),
  warmup: z.coerce.number().int().min(0).default(50),
  port: z.coerce.number().int().min(1).max(65534).default(4320),
  seconds: z.coerce.number().min(1).default(5),
  connections: z.string().default('10,50'),
  /** Write each endpoint's captured SQL and parameters here (JSON), to EXPLAIN them by hand. */
  'dump-sql': z.string().optional(),
  /** Only the endpoints whose name contains one of these comma-separated texts ('typical,search', 'most friends'…). */
  only: z.string().optional(),
  /** Write a V8 CPU profile of the server process into this folder (node --cpu-prof). */
  profile: z.string().optional(),
});

// One per run: two runs against one database must not delete each other's sessions at the end.
const SESSION_AGENT = `sidepot-bench-http ${process.pid} ${randomBytes(4).toString('hex')}`;
const COOKIE = 'sidepot.session_token';
/** better-auth's own session check; the rest of a request's statements are the endpoint's. */
const isSessionCheck = (text: string) => /^select .* from "session" /i.test(text) || /^select .* from "user" where "user"\."id" = \$1/i.test(text);

const idRow = z.object({ id: z.string() });

type Case = { name: string; path: string; viewers: Viewer[] };
type Replay = ProbeStatement[];

async function main() {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(argsSchema.shape).map((key) => [key, { type: 'string' as const }])),
  });
  const args = argsSchema.parse({ 'database-url': process.env['DATABASE_URL'], ...values });
  const secret = randomBytes(32).toString('base64url');
  const sql = new pg.Client({ connectionString: args['database-url'] });
  await sql.connect();
  const server = startServer(args['database-url'], args.port, secret, 'server/index.ts', args.profile ?? true);
  const hello = startServer('', args.port + 1, '', 'scripts/bench-http/hello.ts', false);
  try {
    await Promise.all([server.ready, hello.ready]);
    const only = args.only?.split(',').map((text) => text.trim()).filter(Boolean) ?? [];
    const cases = (await pickCases(sql, secret)).filter((c) => only.length === 0 || only.some((text) => c.name.includes(text)));
    console.log(`\n${args.requests} requests per endpoint after ${args.warmup} warm-up, one client, app and SQL interleaved; ms\n`);
    console.log('| endpoint | app p50 / p99 | raw SQL p50 / p99 | ratio p50 / p99 | server CPU per request | statements per request (app / SQL) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    const client = createClient(args.port, 1);
    const replays = new Map<string, Replay>();
    for (const benchCase of cases) {
      for (const viewer of benchCase.viewers) replays.set(`${benchCase.name}|${viewer.userId}`, await capture(server.child, client.get, benchCase.path, viewer));
      await latency(benchCase, replays, client.get, sql, server.child, args.requests, args.warmup);
    }
    client.close();
    if (args['dump-sql']) writeFileSync(args['dump-sql'], JSON.stringify(Object.fromEntries(replays), null, 2));
    const feed = cases.find((c) => c.name.startsWith('feed, first page'));
    if (feed) await throughput(feed, replays, args, server.child);
  } finally {
    // Also the rows of runs that crashed before this cleanup, once they expired.
    await sql.query(`delete from session where user_agent = $1 or (user_agent like 'sidepot-bench-http%' and expires_at < now())`, [SESSION_AGENT]);
    await sql.end();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    hello.child.kill('SIGTERM');
    // The profile is written as the server exits.
    if (args.profile) await exited;
  }
}

/** `app`: the Sidepot server (a string: with a CPU profile written into that folder); false: the hello-world. */
function startServer(databaseUrl: string, port: number, secret: string, entry: string, app: boolean | string) {
  const isApp = app !== false;
  const probe = fileURLToPath(new URL('./bench-http/statement-probe.ts', import.meta.url));
  const child = fork(entry, isApp ? [] : [String(port)], {
    execArgv: ['--import', 'tsx', ...(isApp ? ['--import', probe] : []), ...(typeof app === 'string' ? ['--cpu-prof', '--cpu-prof-dir', app] : [])],
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: secret,
      // The API alone is measured: an empty folder for the SPA.
      WEB_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'sidepot-bench-web-')),
    },
    // The request log is written (its cost is part of the measure), into /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/${isApp ? 'api/health' : ''}`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${entry} did not answer on port ${port}`);
  })();
  return { child, ready };
}

function askProbe(child: ChildProcess, request: ProbeRequest): Promise<ProbeReply> {
  return new Promise((resolve) => {
    child.once('message', (message: ProbeReply) => resolve(message));
    child.send(request);
  });
}

/** A signed session cookie, the way better-auth (better-call's signCookieValue) writes it. */
async function signIn(sql: pg.Client, secret: string, userId: string): Promise<Viewer> {
  const token = randomBytes(24).toString('base64url');
  await sql.query(
    `insert into session (id, token, user_id, expires_at, user_agent, created_at, updated_at)
     values ($1, $2, $3, now() + interval '1 day', $4, now(), now())`,
    [randomUUID(), token, userId, SESSION_AGENT],
  );
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return { userId, cookies: new Map([[COOKIE, encodeURIComponent(`${token}.${signature}`)]]) };
}

async function pickCases(sql: pg.Client, secret: string): Promise<Case[]> {
  const one = async (text: string) => idRow.parse((await sql.query(text)).rows[0]).id;
  // The median friend count among users with friends, picked by a hash so reruns agree.
  const typical = await one(`with d as (select user_id, count(*) n from friendship group by user_id)
    select user_id id from d where n = (select percentile_disc(0.5) within group (order by n) from d) order by md5(user_id) limit 1`);
  const hub = await one(`select user_id id from friendship group by user_id order by count(*) desc, user_id limit 1`);
  // Search is limited to 30 a minute per user: spread it over enough viewers.
  const searchers = (await sql.query(`select id from "user" order by md5(id) limit 40`)).rows.map((row) => idRow.parse(row).id);
  const t = [await signIn(sql, secret, typical)];
  const h = [await signIn(sql, secret, hub)];
  const s: Viewer[] = [];
  for (const id of searchers) s.push(await signIn(sql, secret, id));
  return [
    { name: 'feed, first page (typical user)', path: '/api/feed', viewers: t },
    { name: 'notifications summary', path: '/api/notifications/summary', viewers: t },
    { name: 'own profile (typical user)', path: '/api/profile', viewers: t },
    { name: "user search 'ma'", path: '/api/users/search?q=ma', viewers: s },
    { name: 'leaderboard (typical user)', path: '/api/feed/leaderboard', viewers: t },
    { name: 'friends list (user with most friends)', path: '/api/friends', viewers: h },
    { name: 'all friends, picker (user with most friends)', path: '/api/friends/all', viewers: h },
    { name: 'bets/mine (user with most friends)', path: '/api/bets/mine', viewers: h },
    { name: 'feed (user with most friends)', path: '/api/feed', viewers: h },
    { name: 'leaderboard (user with most friends)', path: '/api/feed/leaderboard', viewers: h },
    { name: 'own profile (user with most friends)', path: '/api/profile', viewers: h },
  ];
}

type Get = ReturnType<typeof createClient>['get'];

/** One request with the probe on: the endpoint's statements, without the session check. */
async function capture(child: ChildProcess, get: Get, path: string, viewer: Viewer): Promise<Replay> {
  await get(path, viewer);
  await askProbe(child, { probe: 'reset' });
  const res = await get(path, viewer);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
  const { statements } = await askProbe(child, { probe: 'read' });
  return statements.filter((statement) => !isSessionCheck(statement.text));
}

async function replay(sql: pg.Client | pg.Pool, statements: Replay) {
  for (const statement of statements) await sql.query(statement.text, statement.values);
}

async function latency(benchCase: Case, replays: Map<string, Replay>, get: Get, sql: pg.Client, child: ChildProcess, requests: number, warmup: number) {
  const app: number[] = [];
  const raw: number[] = [];
  let appStatements = 0;
  let cpuMs = 0;
  for (let i = -warmup; i < requests; i++) {
    if (i === 0) {
      const reset = await askProbe(child, { probe: 'reset' });
      appStatements = -reset.count;
      cpuMs = -reset.cpuMs;
    }
    const viewer = benchCase.viewers[(i + warmup) % benchCase.viewers.length];
    if (!viewer) throw new Error('no viewer');
    const statements = replays.get(`${benchCase.name}|${viewer.userId}`) ?? [];
    let started = performance.now();
    const res = await get(benchCase.path, viewer);
    const appMs = performance.now() - started;
    if (res.status !== 200) throw new Error(`${benchCase.path} answered ${res.status}: ${res.body.slice(0, 200)}`);
    started = performance.now();
    await replay(sql, statements);
    const rawMs = performance.now() - started;
    if (i >= 0) {
      app.push(appMs);
      raw.push(rawMs);
    }
  }
  const read = await askProbe(child, { probe: 'read' });
  appStatements += read.count;
  cpuMs += read.cpuMs;
  const sqlStatements = replays.get(`${benchCase.name}|${benchCase.viewers[0]?.userId ?? ''}`)?.length ?? 0;
  const f = (value: number) => value.toFixed(1);
  const [a50, a99, r50, r99] = [quantile(app, 0.5), quantile(app, 0.99), quantile(raw, 0.5), quantile(raw, 0.99)];
  console.log(
    `| ${benchCase.name} | ${f(a50)} / ${f(a99)} | ${f(r50)} / ${f(r99)} | ${(a50 / r50).toFixed(1)}× / ${(a99 / r99).toFixed(1)}× | ${(cpuMs / requests).toFixed(2)} | ${(appStatements / requests).toFixed(1)} / ${sqlStatements} |`,
  );
}

async function throughput(feed: Case, replays: Map<string, Replay>, args: z.output<typeof argsSchema>, child: ChildProcess) {
  const viewer = feed.viewers[0];
  if (!viewer) return;
  const statements = replays.get(`${feed.name}|${viewer.userId}`) ?? [];
  console.log(`\nThroughput, ${feed.name}, ${args.seconds} s per cell; requests/s (p50 / p99 ms)\n`);
  console.log('| connections | app | raw SQL | app / SQL | Hono hello-world | app statements per request |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const connections of args.connections.split(',').map(Number)) {
    const client = createClient(args.port, connections);
    const helloClient = createClient(args.port + 1, connections);
    const pool = new pg.Pool({ connectionString: args['database-url'], max: connections });
    await askProbe(child, { probe: 'reset' });
    let failed = 0;
    const app = await closedLoop(connections, args.seconds, async () => {
      if ((await client.get(feed.path, viewer)).status !== 200) failed += 1;
    });
    if (failed > 0) console.log(`(${failed} of the app's ${app.times.length} answers at ${connections} connections were not 200)`);
    const appCount = (await askProbe(child, { probe: 'read' })).count;
    const raw = await closedLoop(connections, args.seconds, () => replay(pool, statements));
    const hello = await closedLoop(connections, args.seconds, async () => {
      await helloClient.get('/');
    });
    const cell = (r: { perSecond: number; times: number[] }) =>
      `${Math.round(r.perSecond)} (${quantile(r.times, 0.5).toFixed(1)} / ${quantile(r.times, 0.99).toFixed(1)})`;
    console.log(
      `| ${connections} | ${cell(app)} | ${cell(raw)} | ${Math.round((100 * app.perSecond) / raw.perSecond)}% | ${cell(hello)} | ${(appCount / app.times.length).toFixed(1)} |`,
    );
    client.close();
    helloClient.close();
    await pool.end();
  }
}

await main();
