import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  app = createApp(t.deps, { staticRoot: path.relative(process.cwd(), root), clientIp: () => '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

test.each(['/', '/feed', '/profile', '/reset-password?token=x', '/no/such/page'])(
  'the SPA shell answers %s (history fallback), never cached',
  async (url) => {
    const res = await app.request(`${TEST_ORIGIN}${url}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  },
);

test('hashed assets are cached for a year', async () => {
  const res = await app.request(`${TEST_ORIGIN}/assets/app-abc123.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('a missing asset is a 404 in the error shape, not the SPA shell', async () => {
  const res = await app.request(`${TEST_ORIGIN}/assets/missing-123.js`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
});

test('a request no route answers outside /api is a 404 in the error shape', async () => {
  for (const [method, url] of [
    ['POST', '/assets/app-abc123.js'],
    ['POST', '/feed'],
    ['DELETE', '/'],
  ] as const) {
    const res = await app.request(`${TEST_ORIGIN}${url}`, { method });
    expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  }
});

test('API paths never fall back to the SPA', async () => {
  const res = await app.request(`${TEST_ORIGIN}/api/unknown`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
});
