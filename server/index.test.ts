import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, inject, test } from 'vitest';

// These start the real entry point on embedded PGlite; once per run is enough.
const runsOnce = inject('testDb').kind === 'pglite';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitHealthy(port: number, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) throw new Error('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.runIf(runsOnce)('bad configuration stops start-up with one line naming the variable', async () => {
  const server = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sidepot-env-')) });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe('Invalid configuration: PORT Invalid input: expected number, received NaN (got "not-a-port")');
});

test.runIf(runsOnce)('SIGTERM closes PGlite cleanly and committed data survives a restart', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidepot-restart-'));
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir };
  const origin = `http://localhost:${port}`;

  const first = start(env);
  await waitHealthy(port);
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
}, 90_000);
