import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';
import { withPrerenderedPage } from './prerendered-pages.ts';

// What the build writes: web/index.html's shape, and scripts/vite/prerender.ts's pages.json.
const SHELL =
  '<!doctype html><html><head><title>Sidepot</title></head><body><div id="root"></div></body></html>';
const PAGES = {
  '/': { title: 'Join · Sidepot', html: '<main><h1>Join</h1></main>' },
  '/signup': { title: 'Join · Sidepot', html: '<main><h1>Join</h1></main>' },
  '/login': { title: 'Sign In · Sidepot', html: '<main><h1>Welcome Back</h1><p>$& $1</p></main>' },
};
const SESSION_COOKIE = 'sidepot.session_token=abc.def';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-prerendered-'));
  mkdirSync(path.join(root, '.prerender'));
  writeFileSync(path.join(root, 'index.html'), SHELL);
  writeFileSync(path.join(root, '.prerender', 'pages.json'), JSON.stringify(PAGES));
  app = createApp(t.deps, { staticRoot: path.relative(process.cwd(), root), clientIp: () => '127.0.0.1' });
});
afterAll(() => closeTestApp(t));

const get = (url: string, cookie?: string) =>
  app.request(`${TEST_ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });

test.each([
  ['/', PAGES['/']],
  ['/signup', PAGES['/signup']],
  ['/login', PAGES['/login']],
  ['/login?redirectTo=%2Ffeed', PAGES['/login']],
  ['/login?verified=1', PAGES['/login']],
])('without a session cookie %s is served with its prerendered screen and title', async (url, page) => {
  const res = await get(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  // Inserted as text: `$&` and `$1` in a screen are not replacement patterns.
  const pathname = new URL(url, TEST_ORIGIN).pathname;
  expect(html).toContain(`<div id="root" data-prerendered="${pathname}">${page.html}</div>`);
  expect(html).toContain(`<title>${page.title}</title>`);
  expect(html).not.toContain('<title>Sidepot</title>');
  expect(html).toContain('<meta name="sidepot-session" content="none">');
  expect(html).toContain('<link rel="expect" href="#prerendered-end" blocking="render">');
  expect(html).toContain('</div><span id="prerendered-end" hidden></span>');
  expect(res.headers.get('vary')).toMatch(/cookie/i);
});

test.each(['/', '/signup', '/login'])('with a session cookie %s gets the plain shell', async (url) => {
  const html = await (await get(url, `theme=dark; ${SESSION_COOKIE}`)).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-prerendered');
  expect(html).toContain('<title>Sidepot</title>');
  expect(html).not.toContain('prerendered-end');
});

test('an invite link gets the plain shell: its screen links on with the invite', async () => {
  const html = await (await get(`/signup?invite=${'a'.repeat(22)}`)).text();
  expect(html).toContain('<div id="root"></div>');
});

test.each(['/home', '/feed', '/reset-password?token=x', '/no/such/page'])(
  'a screen the build did not prerender (%s) gets the plain shell',
  async (url) => {
    const html = await (await get(url)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
  },
);

test('the prerendered pages file is not served to browsers', async () => {
  expect((await get('/.prerender/pages.json')).status).toBe(404);
});

test.each(['/', '/signup?invite=x', '/login?redirectTo=%2Ffeed'])(
  'a form sent to %s before the app ran is answered with nothing: the page stays as it is',
  async (url) => {
    const res = await app.request(`${TEST_ORIGIN}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identifier=someone&password=secret',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('location')).toBeNull();
  },
);

test("a screen's title is text: the shell's head gets it escaped", () => {
  const pages = { '/x': { title: 'Tom & Jerry <3 · Sidepot', html: '<main></main>' } };
  const html = withPrerenderedPage(SHELL, pages, '/x');
  expect(html).toContain('<title>Tom &amp; Jerry &lt;3 · Sidepot</title>');
});
