import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A new DATA_DIR holding a migrated PGlite database (a copy of the one global setup made), so a
 * server started on it skips a first start's migrations. Empty on the PostgreSQL project.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') cpSync(testDb.dataDirTemplate, dir, { recursive: true });
  return dir;
}

/** The real entry point (server/index.ts, bundled once per run by global-setup.ts) as its own process. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', inject('serverBundle')], {
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Waits until /api/health answers 200; answers how long that took. */
export async function waitHealthy(port: number, timeoutMs = 60_000): Promise<number> {
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
