import { request } from 'node:http';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { freePort, migratedDataDir, startServer, waitHealthy } from '../testing/server-process.ts';

// Node's HTTP parser answers these before the app runs: test the real process, once per run.
const runsOnce = inject('testDb').kind === 'pglite';

let port = 0;
let server: ReturnType<typeof startServer> | undefined;
beforeAll(async () => {
  if (!runsOnce) return;
  port = await freePort();
  server = startServer({ PORT: String(port), DATA_DIR: migratedDataDir('sidepot-431-') });
  await waitHealthy(port);
}, 60_000);
afterAll(async () => {
  if (!server) return;
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});

/** A GET with one oversized cookie, read with node:http so the raw answer is visible. */
function getWithHugeCookie(url: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `http://127.0.0.1:${port}${url}`,
      { headers: { cookie: `big=${'x'.repeat(20_000)}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test.runIf(runsOnce)('oversized request headers answer 431 in the error shape', async () => {
  for (const url of ['/api/bets/mine', '/feed']) {
    const res = await getWithHugeCookie(url);
    expect(res.status).toBe(431);
    expect(res.type).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'HEADERS_TOO_LARGE',
        message: "The request headers are too large. Please clear this site's cookies and try again.",
      },
    });
  }
  // The server is still up.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
});
