/*
 * The load test: `npm run loadtest -- [--users 3000] [--clients 150]
 * [--connections 24] [--seconds 20] [--redis URL] [--fanout-redis URL]`. --redis runs the
 * instances with Redis; --fanout-redis (or --redis) adds Redis to the fan-out comparison.
 *
 * Starts the cluster of the cluster test (stack.ts: PostgreSQL, PgBouncer, 3 instances,
 * HAProxy), seeds thousands of users (scripts/seed.ts), signs in `--clients` of them through
 * the balancer, then drives a realistic mix over `--connections` keep-alive connections for
 * `--seconds` with 1, 2 and 3 instances in rotation (the others set to maintenance in
 * HAProxy). Prints throughput, p50/p99 and the CPU each part used, then the NOTIFY vs Redis
 * fan-out rates. Bounded in time, loopback only; everything it started is stopped.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { z } from 'zod';
import { benchFanout } from './fanout-bench.ts';
import { createClient, createPool, json, type Client, type Reply } from './http-client.ts';
import { percentile, startLoad } from './load-loop.ts';
import { startStack, type Stack } from './stack.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '3000' },
    clients: { type: 'string', default: '150' },
    connections: { type: 'string', default: '24' },
    seconds: { type: 'string', default: '20' },
    redis: { type: 'string' },
    'fanout-redis': { type: 'string' },
    'fanout-rates': { type: 'string', default: '500,1000,2000,4000,8000' },
  },
});
const args = z
  .object({
    users: z.coerce.number().int().min(100),
    clients: z.coerce.number().int().min(1),
    connections: z.coerce.number().int().min(1).max(256),
    seconds: z.coerce.number().int().min(1).max(300),
    redis: z.string().optional(),
    'fanout-redis': z.string().optional(),
    'fanout-rates': z.string().transform((value) => value.split(',').map(Number)),
  })
  .parse(values);

const PASSWORD = 'loadtest-pass-1';
const log = (line: string) => process.stdout.write(`${line}\n`);

function run(command: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} exited ${code}`)),
    );
  });
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

type Actor = {
  client: Client;
  id: string;
  friends: string[];
  pending: string[];
  active: string[];
  feed: string[];
};

const betRef = z.object({ id: z.string() });
const myBets = z.object({
  pending: z.array(z.object({ id: z.string(), opponent: betRef })),
  active: z.array(betRef),
});

async function prepareActors(stack: Stack, admin: pg.Client): Promise<Actor[]> {
  // The best-connected users: they have friends to bet with and a busy feed.
  const { rows } = await admin.query<{ id: string; email: string }>(
    `select u.id, u.email from "user" u join friendship f on f.user_id = u.id
     group by u.id, u.email order by count(*) desc, u.id limit $1`,
    [args.clients],
  );
  const hash = await hashPassword(PASSWORD);
  for (const row of rows) {
    await admin.query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       values ($1, $2, 'credential', $2, $3, now(), now()) on conflict do nothing`,
      [randomBytes(16).toString('hex'), row.id, hash],
    );
  }
  const pool = createPool(stack.publicUrl, 8);
  const actors: Actor[] = [];
  // A few at a time: each sign-in is a scrypt verification on some instance.
  for (let start = 0; start < rows.length; start += 6) {
    const batch = rows.slice(start, start + 6);
    actors.push(
      ...(await Promise.all(
        batch.map(async (row, i) => {
          const client = createClient(pool, `10.${Math.floor((start + i) / 250)}.${(start + i) % 250}.7`);
          json(
            await client.post('/api/auth/sign-in/email', { email: row.email, password: PASSWORD }),
            z.unknown(),
          );
          const friends = json(
            await client.get('/api/friends'),
            z.object({ items: z.array(betRef) }),
          ).items.map((f) => f.id);
          return { client, id: row.id, friends, pending: [], active: [], feed: [] };
        }),
      )),
    );
  }
  log(`loadtest: ${actors.length} users signed in through the balancer`);
  return actors;
}

function pick<T>(items: T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/** One step of the mix for one user; every read refreshes what the later writes act on. */
async function step(actor: Actor): Promise<{ label: string; reply: Reply }> {
  const roll = Math.random() * 100;
  const c = actor.client;
  if (roll < 35) {
    const reply = await c.get('/api/feed');
    if (reply.status === 200)
      actor.feed = json(reply, z.object({ items: z.array(betRef) })).items.map((b) => b.id);
    return { label: 'GET feed', reply };
  }
  if (roll < 45) return { label: 'GET profile', reply: await c.get('/api/profile') };
  if (roll < 53) return { label: 'GET notifications', reply: await c.get('/api/notifications') };
  if (roll < 63) {
    const reply = await c.get('/api/bets/mine');
    if (reply.status === 200) {
      const mine = json(reply, myBets);
      actor.pending = mine.pending.filter((b) => b.opponent.id === actor.id).map((b) => b.id);
      actor.active = mine.active.map((b) => b.id);
    }
    return { label: 'GET my bets', reply };
  }
  const betId = pick(actor.feed);
  if (roll < 66 && betId) return { label: 'GET bet page', reply: await c.get(`/api/bets/${betId}`) };
  const friend = pick(actor.friends);
  if (roll < 76 && friend)
    return {
      label: 'POST place bet',
      reply: await c.post('/api/bets', { description: 'Load test bet', opponentId: friend, amount: 5 }),
    };
  const pending = actor.pending.pop();
  if (roll < 84 && pending)
    return { label: 'POST accept', reply: await c.post(`/api/bets/${pending}/accept`, {}) };
  const active = actor.active.pop();
  if (roll < 90 && active)
    return {
      label: 'POST resolve',
      reply: await c.post(`/api/bets/${active}/resolve`, { outcome: Math.random() < 0.5 ? 'won' : 'lost' }),
    };
  if (betId)
    return {
      label: 'POST comment',
      reply: await c.post(`/api/bets/${betId}/comments`, { text: 'Load test comment' }),
    };
  return { label: 'GET feed', reply: await c.get('/api/feed') };
}

type Row = {
  instances: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  conflicts: number;
  requests: number;
  appCpu: number;
  pgCpu: number;
  bouncerCpu: number;
  haproxyCpu: number;
};

async function postgresPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  return rows.map((row) => row.pid);
}

async function measure(
  stack: Stack,
  admin: pg.Client,
  actors: Actor[],
  instances: number,
  pids: { bouncer?: number; haproxy?: number },
): Promise<Row> {
  for (const [index, instance] of stack.instances.entries()) {
    await stack.haproxy(`set server app/${instance.name} state ${index < instances ? 'ready' : 'maint'}`);
  }
  const appPids = stack.instances
    .slice(0, instances)
    .flatMap((instance) => (instance.proc?.child.pid ? [instance.proc.child.pid] : []));
  // Warm-up: connections, JIT, plans; not counted.
  await startLoad(args.connections, (worker) => step(actors[worker % actors.length] as Actor), 3000).done;
  const pgPids = await postgresPids(admin, stack.database);
  const cpu = () => ({
    app: appPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    pg: pgPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    bouncer: cpuSeconds(pids.bouncer),
    haproxy: cpuSeconds(pids.haproxy),
  });
  const before = cpu();
  const begin = performance.now();
  let next = 0;
  // Each connection plays a rotating user, so every signed-in user takes part.
  const outcomes = await startLoad(
    args.connections,
    () => step(actors[next++ % actors.length] as Actor),
    args.seconds * 1000,
  ).done;
  const seconds = (performance.now() - begin) / 1000;
  const after = cpu();
  const pct = (a: number, b: number) => Math.round(((b - a) / seconds) * 100);
  const latencies = outcomes.filter((o) => o.ok).map((o) => o.ms);
  return {
    instances,
    requests: outcomes.length,
    rps: Math.round(outcomes.length / seconds),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    failed: outcomes.filter((o) => !o.ok).length,
    conflicts: outcomes.filter((o) => o.status >= 400 && o.status < 500).length,
    appCpu: pct(before.app, after.app),
    pgCpu: pct(before.pg, after.pg),
    bouncerCpu: pct(before.bouncer, after.bouncer),
    haproxyCpu: pct(before.haproxy, after.haproxy),
  };
}

async function main() {
  const stack = await startStack({ instances: 3, ...(args.redis ? { redisUrl: args.redis } : {}) });
  const admin = new pg.Client({ connectionString: stack.directUrl });
  try {
    await admin.connect();
    log(`loadtest: seeding ${args.users} users`);
    await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/seed.ts',
      '--users',
      String(args.users),
      '--bets',
      String(args.users * 5),
      '--reset',
      '--database-url',
      stack.directUrl,
    ]);
    const actors = await prepareActors(stack, admin);
    const { bouncer, haproxy } = stack.pids();
    const rows: Row[] = [];
    for (const instances of [1, 2, 3]) {
      const row = await measure(stack, admin, actors, instances, { bouncer, haproxy });
      rows.push(row);
      log(
        `loadtest: ${instances} instance(s): ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.failed} failed`,
      );
    }
    log(
      `\n${args.connections} connections, ${actors.length} signed-in users of ${args.users}, ${args.seconds} s per row, fan-out: ${args.redis ? 'Redis' : 'NOTIFY'}`,
    );
    log(
      '| instances | req/s | p50 ms | p99 ms | failed | 4xx (races) | app CPU % | PostgreSQL CPU % | PgBouncer CPU % | HAProxy CPU % |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows)
      log(
        `| ${r.instances} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failed} | ${r.conflicts} | ${r.appCpu} | ${r.pgCpu} | ${r.bouncerCpu} | ${r.haproxyCpu} |`,
      );
    log('\nfan-out: events/s offered on one instance, delivered to another');
    const fanout = await benchFanout(
      stack.directUrl,
      args['fanout-redis'] ?? args.redis,
      args['fanout-rates'],
    );
    log('| bus | offered/s | published/s | delivered | p50 ms | p99 ms | lagging |');
    log('|---|---|---|---|---|---|---|');
    for (const f of fanout)
      log(
        `| ${f.bus} | ${f.offered} | ${f.published} | ${f.delivered} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.lagging ? 'yes' : 'no'} |`,
      );
  } finally {
    await admin.end().catch(() => undefined);
    await stack.stop();
  }
}

await main();
