import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCapture } from './smtp-capture.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Set by playwright.config.ts: this run's folder under test-results/e2e-runs (kept after the run). */
const RUN_DIR = process.env.SIDEPOT_E2E_RUN_DIR ?? path.join(ROOT, 'test-results/e2e-runs/unknown');
const RUNS_DIR = path.dirname(RUN_DIR);
/** Kept after the run (test-results/ is gitignored) so a failure can be read afterwards. */
export const SERVER_LOG = path.join(RUN_DIR, 'server.log');
export const SUPPORT_EMAIL = 'help@sidepot.test';
/** Verified, signed-in users made before the server starts (e2e/seed-user-pool.ts); the suite takes about 71 once every spec runs; 100 is the most distinct names seed-user-pool.ts has. */
const USER_POOL_SIZE = Number(process.env.SIDEPOT_E2E_USER_POOL_SIZE ?? 160);
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** Other runs' folders older than this are deleted; younger ones may belong to a run still going. */
const KEEP_OLD_RUNS_MS = 60 * 60 * 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion; rejects with its output when it fails. */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`e2e: ${label} failed (exit ${code ?? signal}):\n${output}`));
    });
  });
}

/**
 * Builds the SPA into this run's own folder, so a build someone else starts
 * meanwhile (dist/web, another run) can never swap files under the server.
 * Always built: about 3 s, and never stale.
 */
async function buildWeb(outDir: string): Promise<void> {
  const ms = await run(
    'vite build',
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      ...process.env,
      NODE_ENV: 'production',
    },
  );
  if (!existsSync(path.join(outDir, 'index.html')))
    throw new Error(`e2e: ${outDir}/index.html is missing after the build`);
  process.stdout.write(`e2e: built the web in ${(ms / 1000).toFixed(1)} s\n`);
}

/** Writes the user pool into the (not yet served) data directory; see e2e/seed-user-pool.ts. */
async function seedUserPool(dataDir: string, baseUrl: string, outFile: string): Promise<void> {
  const ms = await run(
    'seed-user-pool',
    process.execPath,
    ['--import', 'tsx', 'e2e/seed-user-pool.ts', String(USER_POOL_SIZE), outFile],
    { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
  );
  process.stdout.write(`e2e: seeded ${USER_POOL_SIZE} users in ${(ms / 1000).toFixed(1)} s\n`);
}

/** Deletes other runs' folders once they are an hour old; the newest stay for reading. */
function pruneOldRuns(): void {
  if (!existsSync(RUNS_DIR)) return;
  const cutoff = Date.now() - KEEP_OLD_RUNS_MS;
  for (const name of readdirSync(RUNS_DIR)) {
    const dir = path.join(RUNS_DIR, name);
    if (dir !== RUN_DIR && statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
  }
}

function logTail(): string {
  try {
    return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `e2e: the server exited during start-up (${server.exitCode ?? server.signalCode}). Log tail:\n${logTail()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `e2e: ${baseUrl}/api/health did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s. Log tail:\n${logTail()}`,
  );
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts an SMTP capture server; builds the web into a private temporary folder
 * while the user pool is seeded into a fresh PGlite data directory; then starts
 * the real server on a free port over both. Tests find them through
 * SIDEPOT_E2E_BASE_URL, SIDEPOT_E2E_MAIL_URL, SIDEPOT_E2E_USER_POOL and SIDEPOT_E2E_WEB_DIR
 * (workers inherit process.env). Returns the global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  pruneOldRuns();
  mkdirSync(RUN_DIR, { recursive: true });
  const mail = await startMailCapture();
  // One temporary folder for everything this run writes outside test-results.
  const tempDir = mkdtempSync(path.join(tmpdir(), 'sidepot-e2e-'));
  const dataDir = path.join(tempDir, 'data');
  // CI keeps the build for `npm run size --dist` (.ci/run), so the app is built once per run.
  const webDir = process.env.SIDEPOT_E2E_WEB_OUT ?? path.join(tempDir, 'web');
  const poolFile = path.join(tempDir, 'user-pool.json');
  const claimsDir = path.join(tempDir, 'user-pool-claims');
  mkdirSync(claimsDir);
  let server: ChildProcess | undefined;

  const teardown = async () => {
    if (server) await stopServer(server);
    await mail.stop();
    rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    // Both finish before teardown can delete their folders, even when one fails.
    const prepared = await Promise.allSettled([buildWeb(webDir), seedUserPool(dataDir, baseUrl, poolFile)]);
    for (const result of prepared) if (result.status === 'rejected') throw result.reason;

    const log = openSync(SERVER_LOG, 'w');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      SUPPORT_EMAIL,
      LOG_LEVEL: 'info',
      // The suite always runs against its own embedded database, holding only the user pool,
      // and the auth secret the pool's sessions were signed with (DATA_DIR/auth-secret). Empty
      // counts as unset for the server, and unlike a deleted variable a local .env cannot fill it in.
      DATABASE_URL: '',
      HOST: '',
      AUTH_SECRET: '',
      // The runner on loopback is this server's only "proxy": a spec that must sign up through the UI
      // sends its own X-Forwarded-For, so its sign-ups count against their own address and not the
      // suite's shared budget of 5 (see e2e/fixtures.ts). Requests without the header are unchanged.
      TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1',
    };
    server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    await waitForHealth(baseUrl, server);

    process.env.SIDEPOT_E2E_BASE_URL = baseUrl;
    process.env.SIDEPOT_E2E_MAIL_URL = mail.httpUrl;
    process.env.SIDEPOT_E2E_USER_POOL = poolFile;
    // The built web the server serves: e2e/pwa.spec.ts changes sw.js there to publish a "new release".
    process.env.SIDEPOT_E2E_WEB_DIR = webDir;
    process.env.SIDEPOT_E2E_USER_POOL_CLAIMS = claimsDir;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
