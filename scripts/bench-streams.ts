/*
 * Realtime at 1,000 open streams, and the feed under concurrency.
 *
 *   npm run bench:streams -- [--data-dir DIR | --database-url URL] [--receivers 5] [--streams-per-user 200]
 *                            [--idle-seconds 60] [--actions 200] [--rate 10] [--feed-connections 1,10,50]
 *                            [--feed-seconds 10] [--port 4400]
 *
 * PGlite by default: a copy of --data-dir (e.g. one `npm run seed` wrote; default an empty, migrated one) in a
 * temporary folder, so the original is never touched. On PostgreSQL its rows are added and removed at the end.
 * It writes receivers and actors (each actor a friend of one receiver, with one bet between them) and one session
 * per stream, starts the real server (server/index.ts) as a child process, opens --streams-per-user streams per
 * receiver, then prints: the server's CPU while every stream is idle (so over at least two 25 s heartbeats), its
 * memory per stream, the delay from each action's HTTP response (an actor liking or unliking the shared bet) to
 * the `change` frame on every one of the receiver's streams, and the events lost. Then the feed's throughput at
 * each --feed-connections, for a seeded user with the median friend count (or a receiver on an empty database).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, type Database } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema/auth.ts';
import { bets } from '../server/db/schema/bets.ts';
import { friendships } from '../server/db/schema/friends.ts';
import { closedLoop, createClient, quantile } from './bench-http/http-client.ts';
import type { HeapReply } from './bench-streams/heap-probe.ts';

const argsSchema = z.object({
  'data-dir': z.string().optional(),
  'database-url': z.string().optional(),
  receivers: z.coerce.number().int().min(1).default(5),
  'streams-per-user': z.coerce.number().int().min(1).default(200),
  'idle-seconds': z.coerce.number().min(1).default(60),
  actions: z.coerce.number().int().min(0).default(200),
  rate: z.coerce.number().min(0.1).default(10),
  'feed-connections': z.string().default('1,10,50'),
  'feed-seconds': z.coerce.number().min(1).default(10),
  port: z.coerce.number().int().min(1).max(65535).default(4400),
  /** Append the server's log (request lines, jobs) to this file instead of discarding it. */
  'server-log': z.string().optional(),
});
type Args = z.output<typeof argsSchema>;

const COOKIE = 'sidepot.session_token';
const SESSION_AGENT = 'sidepot-bench-streams';
const idRow = z.object({ id: z.string() });

type Pair = { receiver: string; actor: string; betId: string; actorCookie: string; streamCookies: string[] };

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function signedCookie(secret: string, token: string) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function newSession(database: Database, secret: string, userId: string) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + 86_400_000);
  await database.db
    .insert(sessions)
    .values({ id: randomUUID(), token, userId, expiresAt, userAgent: SESSION_AGENT });
  return signedCookie(secret, token);
}

/** Receivers, actors, a friendship and a bet per pair, and a session per stream. */
async function writeFixtures(database: Database, secret: string, args: Args, run: string) {
  const pairs: Pair[] = [];
  for (let i = 0; i < args.receivers; i++) {
    const [receiver, actor] = [`${run}-r${i}`, `${run}-a${i}`];
    await database.db.insert(users).values(
      [receiver, actor].map((id, n) => ({
        id,
        name: id,
        email: `${id}@bench.invalid`,
        emailVerified: true,
        username: id.toLowerCase().replaceAll('-', '_'),
        phone: `55500${String(i * 2 + n).padStart(5, '0')}`,
        venmoHandle: id,
      })),
    );
    await database.db.insert(friendships).values([
      { userId: receiver, friendId: actor },
      { userId: actor, friendId: receiver },
    ]);
    const [bet] = await database.db
      .insert(bets)
      .values({
        createdBy: actor,
        opponentId: receiver,
        description: 'bench bet',
        amount: 1,
        creatorStake: 1,
        opponentStake: 1,
      })
      .returning({ id: bets.id });
    if (!bet) throw new Error('no bet');
    const streamCookies: string[] = [];
    for (let s = 0; s < args['streams-per-user']; s++)
      streamCookies.push(await newSession(database, secret, receiver));
    pairs.push({
      receiver,
      actor,
      betId: bet.id,
      actorCookie: await newSession(database, secret, actor),
      streamCookies,
    });
  }
  // A seeded user with the median friend count, as bench:http picks it; else the first receiver.
  const typical = await database.db
    .execute(sql`with d as (select user_id, count(*) n from friendship group by user_id)
    select user_id id from d where n = (select percentile_disc(0.5) within group (order by n) from d) order by md5(user_id) limit 1`);
  const feedUser =
    z.object({ rows: z.array(idRow).min(1) }).safeParse(typical).data?.rows[0]?.id ??
    pairs[0]?.receiver ??
    '';
  return { pairs, feedCookie: await newSession(database, secret, feedUser), feedUser };
}

function startServer(args: Args, secret: string, dataDir: string, webDir: string) {
  const child = fork('server/index.ts', [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      '--import',
      fileURLToPath(new URL('./bench-streams/heap-probe.ts', import.meta.url)),
    ],
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
      DATA_DIR: dataDir,
      PORT: String(args.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${args.port}`,
      AUTH_SECRET: secret,
      WEB_DIST_DIR: webDir,
    },
    stdio: ['ignore', args['server-log'] ? openSync(args['server-log'], 'a') : 'ignore', 'inherit', 'ipc'],
  });
  const ready = (async () => {
    for (let i = 0; i < 1800; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${args.port}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not start');
  })();
  return { child, ready };
}

/** Live memory of the server after a full collection (scripts/bench-streams/heap-probe.ts). */
function liveMemory(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (reply: HeapReply) => resolve(reply.heapUsed + reply.external));
    child.send({ probe: 'heap' });
  });
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function processStats(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return { cpuSeconds: ticks / 100, rss };
}

type Stream = { arrivals: Map<string, number[]>; ended: boolean; close: () => void };

/** One event stream on its own connection; records when each `change` frame for a bet arrives. */
function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { arrivals: new Map(), ended: false, close: () => req.destroy() };
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        agent: false,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`event stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith('event: ready')) resolve(stream);
            const betId = frame.startsWith('event: change')
              ? /"betId":"([^"]+)"/.exec(frame)?.[1]
              : undefined;
            if (betId) {
              const list = stream.arrivals.get(betId) ?? [];
              list.push(at);
              stream.arrivals.set(betId, list);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('close', () => (stream.ended = true));
        res.on('error', () => (stream.ended = true));
      },
    );
    req.on('error', (error) => {
      stream.ended = true;
      reject(error);
    });
  });
}

function send(port: number, method: string, url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, method, headers: { cookie, origin: `http://127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function measureActions(args: Args, pairs: Pair[], streams: Map<string, Stream[]>) {
  const responses = new Map<string, number[]>();
  const gap = 1000 / args.rate;
  const begin = performance.now();
  const inFlight: Promise<void>[] = [];
  const busy = new Set<string>();
  for (let i = 0; i < args.actions; i++) {
    const wait = begin + i * gap - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pair = pairs[i % pairs.length];
    // One action at a time per bet, so its k-th response matches its k-th frame on every stream.
    if (!pair || busy.has(pair.betId)) continue;
    busy.add(pair.betId);
    const times = responses.get(pair.betId) ?? [];
    responses.set(pair.betId, times);
    inFlight.push(
      send(
        args.port,
        times.length % 2 === 0 ? 'PUT' : 'DELETE',
        `/api/bets/${pair.betId}/like`,
        pair.actorCookie,
      ).then((status) => {
        if (status !== 200) throw new Error(`like answered ${status}`);
        times.push(performance.now());
        busy.delete(pair.betId);
      }),
    );
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const delays: number[] = [];
  let expected = 0;
  for (const pair of pairs) {
    const sent = responses.get(pair.betId) ?? [];
    for (const stream of streams.get(pair.receiver) ?? []) {
      const got = stream.arrivals.get(pair.betId) ?? [];
      expected += sent.length;
      sent.forEach((at, k) => {
        const arrived = got[k];
        // On PGlite delivery is in-process, before the response is sent: that counts as no delay.
        if (arrived !== undefined) delays.push(Math.max(0, arrived - at));
      });
    }
  }
  const actions = [...responses.values()].reduce((sum, list) => sum + list.length, 0);
  return {
    actions,
    expected,
    delivered: delays.length,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    max: Math.max(...delays),
  };
}

async function main() {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.keys(argsSchema.shape).map((key) => [key, { type: 'string' as const }]),
    ),
  });
  const args = argsSchema.parse(values);
  const secret = randomBytes(32).toString('base64url');
  const run = `bench-${randomBytes(3).toString('hex')}`;
  const onPostgres = Boolean(args['database-url']);
  // The server's data directory (a copy, on PGlite) and an empty SPA folder, removed at the end.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sidepot-bench-streams-'));
  const webDir = path.join(scratch, 'web');
  mkdirSync(webDir);
  const dataDir = path.join(scratch, 'data');
  if (!onPostgres && args['data-dir']) cpSync(args['data-dir'], dataDir, { recursive: true });
  const database = await openDatabase(
    args['database-url']
      ? { kind: 'postgres', url: args['database-url'], poolSize: 2 }
      : { kind: 'pglite', dataDir },
  );
  const fixtures = await writeFixtures(database, secret, args, run);
  // PGlite is single-process: the server opens the data directory once the bench has let go of it.
  if (!onPostgres) await database.close();
  const server = startServer(args, secret, dataDir, webDir);
  const pid = server.child.pid ?? 0;
  let stopping = false;
  server.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server exited (code ${code}, signal ${signal})`);
  });
  const all: Stream[] = [];
  try {
    await server.ready;
    const total = args.receivers * args['streams-per-user'];
    console.log(
      `\n${onPostgres ? 'PostgreSQL (NOTIFY)' : 'PGlite (in-process bus)'}, ${total} streams (${args['streams-per-user']} per user × ${args.receivers}); load ${load()}\n`,
    );
    // Warm up the code paths a stream takes, so the baseline is not what a first request allocates once.
    for (const pair of fixtures.pairs) {
      const warm = await openStream(args.port, pair.actorCookie);
      warm.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = processStats(pid);
    const liveBefore = await liveMemory(server.child);
    const streams = new Map<string, Stream[]>();
    for (const pair of fixtures.pairs) {
      const list: Stream[] = [];
      for (let start = 0; start < pair.streamCookies.length; start += 20)
        list.push(
          ...(await Promise.all(
            pair.streamCookies.slice(start, start + 20).map((cookie) => openStream(args.port, cookie)),
          )),
        );
      streams.set(pair.receiver, list);
      all.push(...list);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const opened = processStats(pid);
    const liveOpened = await liveMemory(server.child);
    const idleStart = processStats(pid);
    const idleBegin = performance.now();
    await new Promise((resolve) => setTimeout(resolve, args['idle-seconds'] * 1000));
    const idleEnd = processStats(pid);
    const idleShare = (idleEnd.cpuSeconds - idleStart.cpuSeconds) / ((performance.now() - idleBegin) / 1000);
    console.log(
      `idle: ${(idleShare * 100).toFixed(1)}% of a core over ${args['idle-seconds']} s; load ${load()}`,
    );
    console.log(
      `memory: live (heap + external, after a full GC) ${((liveOpened - liveBefore) / total / 1024).toFixed(1)} KiB per stream; RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(opened.rss / 2 ** 20).toFixed(0)} MiB (${((opened.rss - before.rss) / total / 1024).toFixed(1)} KiB per stream)`,
    );
    const ended = all.filter((stream) => stream.ended).length;
    if (ended > 0) console.log(`WARNING: ${ended} streams ended during the idle phase`);
    const result = await measureActions(args, fixtures.pairs, streams);
    console.log(
      `actions: ${result.actions} at ${args.rate}/s; response → change frame on the receiver's streams: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms; ${result.expected - result.delivered} of ${result.expected} lost; load ${load()}`,
    );
    const connectionsList = args['feed-connections'].split(',').filter(Boolean).map(Number);
    if (connectionsList.length > 0) {
      console.log(
        `\nFeed throughput (user ${fixtures.feedUser}), ${args['feed-seconds']} s per cell, ${total} streams still open\n`,
      );
      console.log('| connections | requests/s | p50 ms | p99 ms | load |');
      console.log('| --- | --- | --- | --- | --- |');
      const viewer = {
        userId: fixtures.feedUser,
        cookies: new Map([[COOKIE, fixtures.feedCookie.slice(COOKIE.length + 1)]]),
      };
      for (const connections of connectionsList) {
        const client = createClient(args.port, connections);
        const loop = await closedLoop(connections, args['feed-seconds'], async () => {
          const res = await client.get('/api/feed', viewer);
          if (res.status !== 200) throw new Error(`feed answered ${res.status}`);
        });
        console.log(
          `| ${connections} | ${Math.round(loop.perSecond)} | ${quantile(loop.times, 0.5).toFixed(1)} | ${quantile(loop.times, 0.99).toFixed(1)} | ${load()} |`,
        );
        client.close();
      }
    }
  } finally {
    stopping = true;
    for (const stream of all) stream.close();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    if (onPostgres) {
      const ids = fixtures.pairs.flatMap((pair) => [pair.receiver, pair.actor]);
      await database.db.delete(sessions).where(inArray(sessions.userAgent, [SESSION_AGENT]));
      await database.db.delete(users).where(inArray(users.id, ids));
      await database.close();
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
