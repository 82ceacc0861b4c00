import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import webpush from 'web-push';
import { startMailCapture, type CapturedMail, type MailCapture } from '#e2e/smtp-capture.ts';
import { buildServerBundle } from '#server/testing/server-bundle.ts';
import {
  ensureDebianPackages,
  freePort,
  startProcess,
  stopAll,
  stopProcess,
  waitFor,
  type Proc,
} from './processes.ts';

/*
 * The cluster on loopback: a fresh database on the local PostgreSQL,
 * PgBouncer in transaction mode in front of it, N app instances (the server bundled by
 * esbuild once per run, as the API tests start it: 2.0 s of CPU per start instead of 5.3 s
 * under tsx) and HAProxy balancing them round-robin with health checks. Used by
 * the cluster test and the load test. ADR 031 says why each setting is what it is.
 */

export const HEALTH_INTER_MS = 250;
export const HEALTH_FALL = 2;
/** Long enough for HAProxy to see two failed checks (fall 2 × inter 250 ms) and a margin. */
export const DRAIN_MS = 1200;

export type StackOptions = {
  instances: number;
  /** Set: fan-out, sessions and auth rate limits through this Redis (a prefix per run). */
  redisUrl?: string;
  /** The admin connection used to create and drop the run's database. */
  adminUrl?: string;
  /** Client connections each instance's pool may hold (through PgBouncer). */
  poolSize?: number;
  log?: (line: string) => void;
};

export type Instance = {
  name: string;
  port: number;
  proc: Proc | undefined;
  start(): Promise<void>;
  /** SIGTERM (graceful, with drain) and wait for the exit; answers the exit code. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
};

export type Stack = Awaited<ReturnType<typeof startStack>>;

function adminUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Sends one command to HAProxy's admin socket and answers its reply. */
function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

export async function startStack(options: StackOptions) {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = performance.now();
  ensureDebianPackages({ pgbouncer: 'pgbouncer', haproxy: 'haproxy' });
  const dir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
  // PgBouncer refuses to run as root: it runs as postgres and must read its files.
  chmodSync(dir, 0o755);
  const adminUrl = options.adminUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const pgHost = new URL(adminUrl);
  const directUrl = adminUrlFor(adminUrl, database);
  const cleanups: (() => Promise<void>)[] = [
    async () => {
      await admin
        .query(`drop database if exists ${database} with (force)`)
        .catch((error: unknown) => log(`cluster: could not drop ${database}: ${String(error)}`));
      await admin.end();
    },
  ];
  const cleanUp = async () => {
    await stopAll();
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const mail: MailCapture = await startMailCapture();
    cleanups.push(() => mail.stop());

    // ---- PgBouncer
    const bouncerPort = await freePort();
    const pgUser = decodeURIComponent(pgHost.username || 'postgres');
    writeFileSync(path.join(dir, 'userlist.txt'), `"${pgUser}" ""\n`, { mode: 0o644 });
    writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${database} = host=${pgHost.hostname} port=${pgHost.port || '5432'} dbname=${database}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        // The local server trusts loopback; a managed one would use scram-sha-256 and a real userlist.
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'userlist.txt')}`,
        // Transaction mode: a server connection per transaction, not per client (ADR 031).
        'pool_mode = transaction',
        'default_pool_size = 12',
        'max_db_connections = 16',
        'max_client_conn = 500',
        'server_reset_query =',
        'ignore_startup_parameters = extra_float_digits,options',
        'log_connections = 0',
        'log_disconnections = 0',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    const asPostgres = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
    const bouncer = startProcess(
      'pgbouncer',
      '/usr/sbin/pgbouncer',
      [...asPostgres, path.join(dir, 'pgbouncer.ini')],
      { PATH: process.env['PATH'] ?? '' },
    );
    const pooledUrl = `postgres://${encodeURIComponent(pgUser)}@127.0.0.1:${bouncerPort}/${database}`;
    await waitFor(
      'PgBouncer',
      async () => {
        const client = new pg.Client({ connectionString: pooledUrl, connectionTimeoutMillis: 1000 });
        await client.connect();
        await client.query('select 1');
        await client.end();
        return true;
      },
      15_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${bouncer.output()}`);
    });

    // ---- app instances
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    const vapid = webpush.generateVAPIDKeys();
    const webDir = path.join(dir, 'web');
    mkdirSync(webDir);
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sidepot</title>');
    const sharedEnv: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: directUrl,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      TRUSTED_PROXIES: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    };
    const bundle = await buildServerBundle();
    cleanups.push(() => Promise.resolve(bundle.remove()));
    const instances: Instance[] = [];
    for (let i = 1; i <= options.instances; i += 1) {
      const name = `app${i}`;
      const port = await freePort();
      const dataDir = path.join(dir, name);
      const instance: Instance = {
        name,
        port,
        proc: undefined,
        start: async () => {
          const proc = startProcess(name, process.execPath, ['--enable-source-maps', bundle.file], {
            ...sharedEnv,
            PORT: String(port),
            DATA_DIR: dataDir,
          });
          instance.proc = proc;
          await waitFor(
            `${name} to answer /api/health`,
            async () => {
              if (proc.child.exitCode !== null) throw new Error(`${name} exited:\n${proc.output()}`);
              const res = await fetch(`http://127.0.0.1:${port}/api/health`);
              return res.status === 200 ? true : undefined;
            },
            90_000,
          ).catch((error: unknown) => {
            throw new Error(`${String(error)}\n${proc.output()}`);
          });
        },
        stop: async () => {
          const proc = instance.proc;
          if (!proc) return null;
          proc.child.kill('SIGTERM');
          const { code } = await proc.exited;
          // Why it did not exit cleanly, for the check's failure message.
          if (code !== 0) log(`${instance.name} exited ${String(code)} on SIGTERM; its last output:\n${proc.output().slice(-3_000)}`);
          return code;
        },
        kill: async () => {
          const proc = instance.proc;
          if (!proc) return;
          proc.child.kill('SIGKILL');
          await proc.exited;
        },
      };
      instances.push(instance);
    }
    // All at once: they also race for the migration lock on the direct URL.
    await Promise.all(instances.map((instance) => instance.start()));

    // ---- HAProxy
    const socketPath = path.join(dir, 'haproxy.sock');
    writeFileSync(
      path.join(dir, 'haproxy.cfg'),
      [
        'global',
        '  maxconn 4096',
        `  stats socket ${socketPath} mode 600 level admin`,
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        // Event streams stay open; heartbeats every 25 s keep them under this.
        '  timeout tunnel 1h',
        '  timeout http-keep-alive 10s',
        // Not the default (inter): a busy instance answering in 300 ms is slow, not dead. A stopped one
        // refuses the connection at once, so this does not lengthen the failover window.
        '  timeout check 2s',
        '  option redispatch 1',
        '  retries 3',
        // A GET whose instance died under it is replayed elsewhere; other methods only when the
        // connection was never made (see http-request disable-l7-retry below).
        '  retry-on conn-failure empty-response response-timeout',
        'frontend web',
        `  bind 127.0.0.1:${balancerPort}`,
        '  option forwardfor',
        '  http-request disable-l7-retry if !METH_GET !METH_HEAD',
        '  default_backend app',
        'backend app',
        '  balance roundrobin',
        '  option httpchk GET /api/health',
        '  http-check expect status 200',
        '  http-response set-header X-Served-By %s',
        `  default-server inter ${HEALTH_INTER_MS}ms fastinter 100ms downinter ${HEALTH_INTER_MS}ms fall ${HEALTH_FALL} rise 2`,
        ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
        '',
      ].join('\n'),
    );
    const haproxy = startProcess(
      'haproxy',
      '/usr/sbin/haproxy',
      ['-f', path.join(dir, 'haproxy.cfg'), '-db'],
      { PATH: process.env['PATH'] ?? '' },
    );

    /** HAProxy's view: server name -> UP / DOWN / MAINT / NOLB (draining). */
    async function serverStates(): Promise<Map<string, string>> {
      const csv = await haproxyCommand(socketPath, 'show stat');
      const states = new Map<string, string>();
      const [header = '', ...rows] = csv.split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[px ?? 0] === 'app' && cells[sv ?? 1]?.startsWith('app'))
          states.set(cells[sv ?? 1] ?? '', (cells[st ?? 17] ?? '').split(' ')[0] ?? '');
      }
      return states;
    }
    async function waitState(name: string, state: 'UP' | 'DOWN', timeoutMs = 30_000): Promise<number> {
      const begin = performance.now();
      await waitFor(
        `${name} ${state} in HAProxy`,
        async () => ((await serverStates()).get(name) === state ? true : undefined),
        timeoutMs,
      );
      return performance.now() - begin;
    }
    await waitFor(
      'HAProxy to see every instance UP',
      async () => {
        const states = await serverStates();
        return instances.every((instance) => states.get(instance.name) === 'UP') ? true : undefined;
      },
      20_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${haproxy.output()}`);
    });
    log(
      `cluster: PostgreSQL ${database}, PgBouncer :${bouncerPort}, ${instances.length} instances, HAProxy ${publicUrl} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    /** Messages the capture received for this address, oldest first. */
    async function mailTo(address: string): Promise<CapturedMail[]> {
      const res = await fetch(`${mail.httpUrl}/messages?to=${encodeURIComponent(address)}`);
      return (await res.json()) as CapturedMail[];
    }

    return {
      publicUrl,
      database,
      directUrl,
      pooledUrl,
      instances,
      serverStates,
      waitState,
      mailTo,
      haproxy: (command: string) => haproxyCommand(socketPath, command),
      pids: () => ({ bouncer: bouncer.child.pid, haproxy: haproxy.child.pid }),
      /** Stops everything it started, in reverse order, and drops the database. */
      stop: async () => {
        await stopProcess(haproxy);
        await Promise.all(
          instances.map((instance) =>
            instance.proc ? stopProcess(instance.proc, 15_000) : Promise.resolve(),
          ),
        );
        await stopProcess(bouncer);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
