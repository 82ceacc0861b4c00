import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
const DIST_INDEX = path.join(ROOT, 'dist/web/index.html');
/** Kept after the run (test-results/ is gitignored) so a failure can be read afterwards. */
export const SERVER_LOG = path.join(ROOT, 'test-results/e2e-server.log');
export const SUPPORT_EMAIL = 'help@sidepot.test';
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

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

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** dist/web is fresh when it is newer than everything the web build reads. */
function isWebBuildFresh(): boolean {
  if (!existsSync(DIST_INDEX)) return false;
  const built = statSync(DIST_INDEX).mtimeMs;
  const rootInputs = readdirSync(ROOT).filter((name) =>
    /^(vite\.config\.|index\.html$|package-lock\.json$|tsconfig)/.test(name),
  );
  const inputs = ['web', 'domain', ...rootInputs].map((name) => path.join(ROOT, name));
  return inputs.every((input) => newestMtime(input) <= built);
}

function buildWeb(): void {
  if (process.env.SIDEPOT_E2E_SKIP_BUILD !== '1' && !isWebBuildFresh()) {
    const started = Date.now();
    const result = spawnSync('npx', ['vite', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      throw new Error(
        `e2e: 'npx vite build' failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
      );
    }
    process.stdout.write(`e2e: built the web in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  if (!existsSync(DIST_INDEX)) throw new Error(`e2e: ${DIST_INDEX} is missing after the build`);
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
 * Starts, in order: an SMTP capture server, the web build (when stale), and the real
 * server on a free port with a fresh PGlite data directory. Tests find them through
 * SIDEPOT_E2E_BASE_URL and SIDEPOT_E2E_MAIL_URL (workers inherit process.env).
 * Returns the global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mail = await startMailCapture();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sidepot-e2e-'));
  let server: ChildProcess | undefined;

  const teardown = async () => {
    if (server) await stopServer(server);
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    buildWeb();

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
    const log = openSync(SERVER_LOG, 'w');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      SUPPORT_EMAIL,
      LOG_LEVEL: 'info',
      // The suite always runs against its own empty embedded database. Empty counts as
      // unset for the server, and unlike a deleted variable a local .env cannot fill it in.
      DATABASE_URL: '',
      HOST: '',
      AUTH_SECRET: '',
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
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
