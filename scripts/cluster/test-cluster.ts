/*
 * The cluster test: `npm run test:cluster`.
 *
 * Starts PostgreSQL's fresh database, PgBouncer, three instances and HAProxy on loopback
 * (stack.ts), then checks through the balancer that sign-up, verification and sign-in work
 * across instances, that an action on one instance reaches an event stream held by another
 * within 1 s, that an avatar uploaded through one is served by all, that the sign-in rate
 * limit counts across instances, that SIGKILL of an instance under load fails no request
 * once HAProxy has taken it out (the window is printed), and that a rolling restart fails
 * none. Stops everything it started; exits non-zero on the first failed check.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { createClient, createPool, json, type Client, type Pool } from './http-client.ts';
import { startLoad, type Outcome } from './load-loop.ts';
import { waitFor } from './processes.ts';
import { openStream } from './sse-stream.ts';
import { startStack, type Stack } from './stack.ts';

const SSE_DEADLINE_MS = 1000;
const started = performance.now();
const results: string[] = [];

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

function pass(line: string) {
  results.push(line);
  process.stdout.write(`  ok  ${line}\n`);
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
};

type Person = { client: Client; id: string; email: string; servers: string[] };

/** Sign-up, the emailed verification link, sign-in and a signed-in read, all through the balancer. */
async function signUp(stack: Stack, pool: Pool, label: string): Promise<Person> {
  const client = createClient(pool, nextIp());
  const suffix = randomBytes(4).toString('hex');
  const email = `${label}.${suffix}@example.com`;
  const password = 'cluster-pass-1';
  const servers: string[] = [];
  const signedUp = await client.post('/api/auth/sign-up/email', {
    name: `${label} ${suffix}`,
    username: `${label}_${suffix}`,
    email,
    password,
    phone: `(555) ${String(100 + ipCounter).slice(-3)}-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    venmoHandle: `@cluster-${suffix}`,
    ageConfirmed: true,
  });
  json(signedUp, z.unknown());
  servers.push(signedUp.server);
  const mail = await waitFor(
    `the verification mail to ${email}`,
    async () => (await stack.mailTo(email)).find((m) => m.subject.toLowerCase().includes('verify')),
    15_000,
  );
  const link = mail.links.find((l) => l.includes('/verify-email'));
  check(link !== undefined, 'the verification mail has a link');
  const target = new URL(link);
  const verified = await client.get(`${target.pathname}${target.search}`);
  check(verified.status === 302, `verification answers 302 (got ${verified.status})`);
  servers.push(verified.server);
  const signedIn = await client.post('/api/auth/sign-in/email', { email, password });
  const { user } = json(signedIn, z.object({ user: z.object({ id: z.string() }) }));
  servers.push(signedIn.server);
  const profile = await client.get('/api/profile');
  json(profile, z.unknown());
  servers.push(profile.server);
  return { client, id: user.id, email, servers };
}

async function checkSignUp(stack: Stack, pool: Pool) {
  const alice = await signUp(stack, pool, 'alice');
  const bob = await signUp(stack, pool, 'bob');
  const distinct = new Set([...alice.servers, ...bob.servers]);
  check(
    distinct.size === stack.instances.length,
    `sign-up, verify, sign-in and reads landed on every instance (${[...distinct].join(', ')})`,
  );
  pass(`sign-up -> verify -> sign-in -> read across instances: ${alice.servers.join(' -> ')}`);
  // Friends, for the realtime check: a request each way is accepted.
  json(await alice.client.post('/api/friend-requests', { userId: bob.id }), z.unknown(), 201);
  check(
    json(
      await bob.client.post('/api/friend-requests', { userId: alice.id }),
      z.object({ status: z.string() }),
    ).status === 'accepted',
    'alice and bob are friends',
  );
  return { alice, bob };
}

async function checkRealtime(stack: Stack, alice: Person, bob: Person) {
  const stream = openStream(stack.publicUrl, bob.client.cookieHeader(), bob.client.ip);
  await stream.ready;
  const latencies: number[] = [];
  try {
    // Round-robin: a few bets land on every instance, at least one on another than the stream's.
    for (let i = 0; i < stack.instances.length + 1; i += 1) {
      const before = stream.frames.length;
      const sent = performance.now();
      const placed = await alice.client.post('/api/bets', {
        description: `Cluster bet ${i}`,
        opponentId: bob.id,
        amount: 5,
      });
      json(placed, z.unknown(), 201);
      const frame = await waitFor(
        'the change on the stream',
        () => stream.frames.slice(before).find((f) => f.event === 'change'),
        5000,
      );
      if (placed.server !== stream.state.server) latencies.push(frame.at - sent);
    }
  } finally {
    stream.close();
  }
  check(latencies.length > 0, 'an action landed on another instance than the stream');
  const worst = Math.max(...latencies);
  check(
    worst < SSE_DEADLINE_MS,
    `an action on another instance reaches the stream within ${SSE_DEADLINE_MS} ms (worst ${worst.toFixed(0)} ms)`,
  );
  pass(
    `action on another instance -> event on the stream held by ${stream.state.server}: worst ${worst.toFixed(0)} ms of ${latencies.length}`,
  );
}

async function checkAvatar(stack: Stack, alice: Person) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  const uploaded = await alice.client.send('/api/profile/avatar', {
    method: 'PUT',
    body: png,
    headers: { 'content-type': 'image/png' },
  });
  const { image } = json(uploaded, z.object({ image: z.string() }));
  const servedBy = new Set<string>();
  const bodies = new Set<string>();
  for (let i = 0; i < stack.instances.length * 2; i += 1) {
    const reply = await alice.client.get(image);
    check(reply.status === 200, `the avatar is served (got ${reply.status} from ${reply.server})`);
    check(String(reply.headers['content-type']).startsWith('image/webp'), 'the avatar is a WebP');
    servedBy.add(reply.server);
    bodies.add(reply.body.toString('base64'));
  }
  check(
    servedBy.size === stack.instances.length && bodies.size === 1,
    `every instance serves the same avatar (${[...servedBy].join(', ')})`,
  );
  pass(`avatar uploaded through ${uploaded.server} served identically by ${[...servedBy].join(', ')}`);
}

async function checkSignInLimit(pool: Pool) {
  // One client address, a different unknown account each time: only the per-address limit (10 a minute) applies.
  const client = createClient(pool, nextIp());
  const statuses: number[] = [];
  const servers = new Set<string>();
  for (let i = 0; i < 12; i += 1) {
    const reply = await client.post('/api/auth/sign-in/email', {
      email: `nobody.${randomBytes(4).toString('hex')}@example.com`,
      password: 'wrong-password',
    });
    statuses.push(reply.status);
    servers.add(reply.server);
  }
  check(
    statuses.slice(0, 10).every((s) => s === 401),
    `the first 10 sign-ins are answered normally (${statuses.join(' ')})`,
  );
  check(
    statuses.slice(10).every((s) => s === 429),
    `the 11th and 12th are refused with 429 (${statuses.join(' ')})`,
  );
  check(servers.size === 3, 'the attempts were spread over the instances');
  pass(`sign-in limit counted across ${servers.size} instances: ${statuses.join(' ')}`);
}

/** A realistic read/write mix for the failover checks: feed, own bets, inbox, a comment now and then. */
function mixedLoad(people: Person[], betId: string, workers: number) {
  return startLoad(workers, async (worker, iteration) => {
    const person = people[worker % people.length];
    if (!person) throw new Error('no person');
    const choice = iteration % 5;
    if (choice === 4)
      return {
        label: 'comment',
        reply: await person.client.post(`/api/bets/${betId}/comments`, {
          text: `Load ${worker}.${iteration}`,
        }),
      };
    const path = ['/api/feed', '/api/bets/mine', '/api/notifications', '/api/profile'][choice] ?? '/api/feed';
    return { label: path, reply: await person.client.get(path) };
  });
}

function describeFailures(failures: Outcome[]): string {
  return failures
    .slice(0, 5)
    .map((f) => `${f.label} ${f.status || f.error} via ${f.server || '?'}`)
    .join('; ');
}

async function checkKill(stack: Stack, people: Person[], betId: string) {
  const victim = stack.instances[1];
  if (!victim) throw new Error('needs 2 instances');
  const load = mixedLoad(people, betId, 8);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const killedAt = performance.now();
  await victim.kill();
  await stack.waitState(victim.name, 'DOWN', 10_000);
  const downAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const outcomes = await load.stop();
  const inWindow = outcomes.filter((o) => o.at >= killedAt && o.at < downAt);
  const windowFailures = inWindow.filter((o) => !o.ok);
  // A request started before the mark may have gone to the victim; only later ones must all succeed.
  const after = outcomes.filter((o) => o.at >= downAt);
  const afterFailures = after.filter((o) => !o.ok);
  check(after.length > 0, 'requests ran after the instance was taken out');
  check(
    afterFailures.length === 0,
    `no request fails after HAProxy took ${victim.name} out (${afterFailures.length}: ${describeFailures(afterFailures)})`,
  );
  const window = downAt - killedAt;
  pass(
    `SIGKILL ${victim.name} under load: out of rotation after ${window.toFixed(0)} ms; ${windowFailures.length} of ${inWindow.length} requests in that window failed (${describeFailures(windowFailures) || 'none'}); 0 of ${after.length} after`,
  );
  await victim.start();
  await stack.waitState(victim.name, 'UP', 15_000);
  return {
    windowMs: window,
    windowFailures: windowFailures.length,
    windowRequests: inWindow.length,
    after: after.length,
  };
}

async function checkRollingRestart(stack: Stack, people: Person[], betId: string, bob: Person) {
  const stream = openStream(stack.publicUrl, bob.client.cookieHeader(), bob.client.ip);
  await stream.ready;
  const load = mixedLoad(people, betId, 8);
  // HAProxy's view over time, for the failure message.
  const transitions: string[] = [];
  const watch = { on: true };
  const watcher = (async () => {
    let last = '';
    while (watch.on) {
      const states = [...(await stack.serverStates())].map(([name, state]) => `${name}=${state}`).join(' ');
      if (states !== last)
        transitions.push(`${((performance.now() - started) / 1000).toFixed(1)}s ${states}`);
      last = states;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const exitCodes: (number | null)[] = [];
  const restartMs: number[] = [];
  try {
    for (const instance of stack.instances) {
      const begin = performance.now();
      exitCodes.push(await instance.stop());
      await instance.start();
      await stack.waitState(instance.name, 'UP', 15_000);
      restartMs.push(performance.now() - begin);
    }
  } finally {
    stream.close();
  }
  const outcomes = await load.stop();
  watch.on = false;
  await watcher;
  const failures = outcomes.filter((o) => !o.ok);
  if (failures.length > 0)
    process.stderr.write(
      `HAProxy states during the restart:\n${transitions.join('\n')}\nfirst failure at ${(((failures[0]?.at ?? 0) - started) / 1000).toFixed(1)}s\n`,
    );
  check(
    exitCodes.every((code) => code === 0),
    `every instance exits 0 on SIGTERM, event stream open or not (${exitCodes.join(', ')})`,
  );
  check(
    failures.length === 0,
    `a rolling restart fails no request (${failures.length} of ${outcomes.length}: ${describeFailures(failures)})`,
  );
  pass(
    `rolling restart (SIGTERM, drain, start) of ${stack.instances.length} instances under load: 0 failed of ${outcomes.length} requests; per instance ${restartMs.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s; the event stream on ${stream.state.server} was ended by its instance: ${stream.state.ended}`,
  );
  return { requests: outcomes.length };
}

async function main() {
  const stack = await startStack({ instances: 3 });
  const pool = createPool(stack.publicUrl, 64);
  let failed = false;
  try {
    const { alice, bob } = await checkSignUp(stack, pool);
    await checkRealtime(stack, alice, bob);
    await checkAvatar(stack, alice);
    await checkSignInLimit(pool);
    const bet = json(
      await alice.client.post('/api/bets', { description: 'Failover bet', opponentId: bob.id, amount: 7 }),
      z.object({ id: z.string() }),
      201,
    );
    const people = [alice, bob];
    await checkKill(stack, people, bet.id);
    await checkRollingRestart(stack, people, bet.id, bob);
  } catch (error) {
    failed = true;
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
    for (const instance of stack.instances) {
      const output = instance.proc?.output().trim();
      if (output)
        process.stderr.write(
          `--- ${instance.name} output (last lines)\n${output.split('\n').slice(-15).join('\n')}\n`,
        );
    }
  } finally {
    pool.close();
    await stack.stop();
  }
  process.stdout.write(
    `\ncluster test ${failed ? 'FAILED' : 'passed'}: ${results.length} checks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
