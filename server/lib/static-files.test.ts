import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Over the compression threshold, like a real chunk.
const SCRIPT = `console.log(${JSON.stringify('sidepot '.repeat(400))});\n`;
const SHELL = `<!doctype html><!-- ${'padding '.repeat(200)} --><div id="root"></div>`;

const SERVICE_WORKER = 'self.addEventListener("push", () => {});\n';
const WEB_MANIFEST = '{"name":"Sidepot","start_url":"/home"}';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-static-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), SHELL);
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  writeFileSync(path.join(root, 'sw.js'), SERVICE_WORKER);
  writeFileSync(path.join(root, 'manifest.webmanifest'), WEB_MANIFEST);
  writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
  // What scripts/vite/precompress.ts writes beside each chunk.
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  // A build without twins still gets compressed answers.
  writeFileSync(path.join(root, 'assets', 'plain-def456.js'), SCRIPT);
  app = createApp(t.deps, { staticRoot: path.relative(process.cwd(), root), clientIp: () => '127.0.0.1' });
});
afterAll(() => closeTestApp(t));

const get = (url: string, acceptEncoding?: string) =>
  app.request(`${TEST_ORIGIN}${url}`, {
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const decode = (encoding: string | null, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

test.each(['/', '/feed', '/profile', '/reset-password?token=x', '/no/such/page'])(
  'the SPA shell answers %s (history fallback), never cached',
  async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  },
);

test.each(['/', '/feed'])('the shell at %s is compressed when the browser accepts it', async (url) => {
  const res = await get(url, 'gzip, deflate, br');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe('br');
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(decode('br', Buffer.from(await res.arrayBuffer())).toString()).toBe(SHELL);
});

test('hashed assets are cached for a year', async () => {
  const res = await get('/assets/app-abc123.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(await res.text()).toBe(SCRIPT);
});

test.each([
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip, deflate', 'gzip'],
])(
  'with Accept-Encoding %s a hashed asset is its prebuilt %s twin, same bytes once decoded',
  async (accept, encoding) => {
    const res = await get('/assets/app-abc123.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decode(encoding, body).toString()).toBe(SCRIPT);
  },
);

test('an asset without a prebuilt twin is compressed on the fly', async () => {
  const res = await get('/assets/plain-def456.js', 'gzip, br');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe('br');
  expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  expect(decode('br', Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
});

test('a missing asset is a 404 in the error shape, not the SPA shell', async () => {
  const res = await get('/assets/missing-123.js');
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
});

test('a real file outside /assets is served with a short cache', async () => {
  const res = await get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  expect(await res.text()).toContain('User-agent: *');
});

test('the service worker is revalidated on every use, so a new release is seen at once', async () => {
  const res = await get('/sw.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('javascript');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(await res.text()).toBe(SERVICE_WORKER);
});

test('the web app manifest is revalidated on every use and typed as a manifest', async () => {
  const res = await get('/manifest.webmanifest');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/manifest+json');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(await res.text()).toBe(WEB_MANIFEST);
});

test('hashed assets stay immutable beside the service worker', async () => {
  const res = await get('/assets/plain-def456.js');
  expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
});

test.each([
  '/x.js',
  '/missing.txt',
  '/favicon.ico',
  '/feed/style.css',
  '/sitemap.xml',
  '/.vite/manifest.json',
  '/.env',
])('a path naming a file that is not public (%s) is a 404, never the SPA shell', async (url) => {
  const res = await get(url);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.text()).not.toContain('<div id="root">');
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
  const res = await get('/api/unknown');
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
});

test('web/public holds robots.txt and the favicon set the shell links to', async () => {
  const publicDir = path.resolve(import.meta.dirname, '../../web/public');
  expect(readFileSync(path.join(publicDir, 'robots.txt'), 'utf8')).toMatch(/^User-agent: \*$/m);
  expect(readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8')).toContain('<svg');
  for (const [file, size] of [
    ['favicon-32x32.png', 32],
    ['apple-touch-icon.png', 180],
    // The web app manifest's icons (vite.config.ts), from `npm run icons`.
    ['pwa-192x192.png', 192],
    ['pwa-512x512.png', 512],
    ['pwa-maskable-512x512.png', 512],
  ] as const) {
    const meta = await sharp(path.join(publicDir, file)).metadata();
    expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
      file,
      format: 'png',
      width: size,
      height: size,
    });
  }
  const shell = readFileSync(path.resolve(publicDir, '../index.html'), 'utf8');
  for (const href of ['/favicon.svg', '/favicon-32x32.png', '/apple-touch-icon.png'])
    expect(shell).toContain(`href="${href}"`);
});

test("the shell names the requested screen's chunks for preloading, at / too", async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-static-preload-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><head><title>Sidepot</title></head><div id="root"></div>',
  );
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-a.js', isEntry: true },
      'app/routes/feed.tsx': { file: 'assets/feed-b.js' },
      'app/routes/signup.tsx': { file: 'assets/signup-c.js' },
    }),
  );
  const withManifest = createApp(t.deps, {
    staticRoot: path.relative(process.cwd(), root),
    clientIp: () => '127.0.0.1',
  });
  const shellAt = async (url: string) => (await withManifest.request(`${TEST_ORIGIN}${url}`)).text();
  expect(await shellAt('/feed')).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-b.js">');
  expect(await shellAt('/')).toContain('href="/assets/signup-c.js"');
  expect(await shellAt('/no/such/page')).not.toContain('modulepreload');
  const signedIn = await withManifest.request(`${TEST_ORIGIN}/feed`, {
    headers: { cookie: 'sidepot.session_token=abc' },
  });
  expect(signedIn.headers.get('vary')).toMatch(/cookie/i);
  expect(await signedIn.text()).toContain('<link rel="preload" as="fetch" crossorigin href="/api/feed">');
  expect(await shellAt('/feed')).not.toContain('rel="preload"');
});

test('the shell carries its stylesheet inline (no render-blocking request), and the CSP allows it', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-static-css-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><head><title>Sidepot</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/evil-b.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/missing-c.css"></head><div id="root"></div>',
  );
  writeFileSync(path.join(root, 'assets', 'index-a.css'), 'body{color:red}\n');
  // Text that would end the <style> element early stays in its own file.
  writeFileSync(path.join(root, 'assets', 'evil-b.css'), 'a::after{content:"</style><p>"}\n');
  const withCss = createApp(t.deps, {
    staticRoot: path.relative(process.cwd(), root),
    clientIp: () => '127.0.0.1',
  });
  for (const url of ['/', '/login', '/feed']) {
    const res = await withCss.request(`${TEST_ORIGIN}${url}`);
    const shell = await res.text();
    expect(shell).toContain('<style>body{color:red}\n</style>');
    // Still named (disabled, so not fetched) for Vite's preload helper, which would otherwise add it again.
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css" disabled>');
    expect(shell).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/evil-b.css">');
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/missing-c.css">');
    expect(res.headers.get('content-security-policy')).toMatch(/style-src 'self' 'unsafe-inline'/);
  }
  // The file itself is still served, for the service worker's precache and the cached shell.
  expect((await withCss.request(`${TEST_ORIGIN}/assets/index-a.css`)).status).toBe(200);
});

test('a signed-out request gets a shell that says so; a signed-in one does not', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-static-hint-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  const hinted = createApp(t.deps, {
    staticRoot: path.relative(process.cwd(), root),
    clientIp: () => '127.0.0.1',
  });
  const signedOut = await (await hinted.request(`${TEST_ORIGIN}/login`)).text();
  expect(signedOut).toContain('<meta name="sidepot-session" content="none"></head>');
  const signedIn = await hinted.request(`${TEST_ORIGIN}/login`, {
    headers: { cookie: 'sidepot.session_token=abc' },
  });
  expect(await signedIn.text()).not.toContain('sidepot-session');
});
