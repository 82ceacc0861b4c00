import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import { signedInUser } from '../testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';
import { scriptSafeJson } from './signed-in-pages.ts';

/*
 * server/lib/signed-in-pages.ts with a stand-in for the build's render module (web/prerender.tsx's
 * renderSignedIn, whose markup web/signed-in-render.browser.test.tsx checks against the browser's): what the
 * server asks of it, and what it does with the answer (ADR 067).
 */

// Reads the viewer's profile through the server's reader, after a pause of `?wait=` ms (so two requests
// overlap), and shows the name it read: a read sent to another request's user would show the other name.
const RENDER_MODULE = `
let reads = null;
export function answerFirstReadsWith(answer) { reads = answer; }
export async function rendersScreen(pathname) { return pathname === '/feed' || pathname === '/activity'; }
export async function renderSignedIn(url, session, { timeZone }) {
  const { pathname, searchParams } = new URL(url, 'http://app.invalid');
  if (pathname === '/activity') throw new Error('this screen failed to render');
  if (pathname !== '/feed' || session === null) return null;
  await new Promise((resolve) => setTimeout(resolve, Number(searchParams.get('wait') ?? 0)));
  const answer = await reads('/api/profile');
  if (!answer.ok) return null;
  const { profile } = await answer.json();
  return {
    title: 'Feed · Sidepot',
    html: '<main><h1>Feed of ' + profile.name + '</h1></main>',
    dataJson: JSON.stringify({ name: profile.name, userId: session.user.id, timeZone, note: '</script><!--' }),
  };
}
`;

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-signed-in-'));
  mkdirSync(path.join(root, '.prerender'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><head><title>Sidepot</title></head><div id="root"></div>',
  );
  writeFileSync(path.join(root, '.prerender', 'render.mjs'), RENDER_MODULE);
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/web-1.js', isEntry: true },
      'lib/rendered-data.ts': { file: 'assets/rendered-data-1.js' },
    }),
  );
  app = createApp(t.deps, { staticRoot: path.relative(process.cwd(), root), clientIp: () => '127.0.0.1' });
});
afterAll(() => closeTestApp(t));

const cookieOf = (agent: { cookies: Map<string, string> }) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const get = async (url: string, cookie?: string): Promise<Response> =>
  app.request(`${TEST_ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });

test('a signed-in /feed comes with its screen, its data beside it, and no shared cache', async () => {
  const { agent, user } = await signedInUser(t, { name: 'Ada Lovelace' });
  const res = await get('/feed', `${cookieOf(agent)}; sidepot.tz=America%2FChicago`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  expect(res.headers.get('vary')).toContain('Cookie');
  const html = await res.text();
  expect(html).toContain(
    '<div id="root" data-prerendered="/feed"><main><h1>Feed of Ada Lovelace</h1></main></div>',
  );
  expect(html).toContain('<title>Feed · Sidepot</title>');
  // The data follows the screen, so it does not hold the first paint, and cannot end its element.
  const data = /<script type="application\/json" id="rendered-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
  expect(html.indexOf('id="rendered-data"')).toBeGreaterThan(html.indexOf('prerendered-end'));
  expect(data).not.toContain('<');
  expect(JSON.parse(data)).toEqual({
    name: 'Ada Lovelace',
    userId: user.id,
    timeZone: 'America/Chicago',
    note: '</script><!--',
  });
  // The reader of that data is preloaded, and the screen's data is not asked for again: only the session.
  expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/rendered-data-1.js">');
  expect(html).toContain('href="/api/auth/get-session"');
  expect(html).not.toContain('href="/api/feed"');
});

test('two users rendered at once each get their own data', async () => {
  const [ann, ben] = await Promise.all([
    signedInUser(t, { name: 'Ann Able' }),
    signedInUser(t, { name: 'Ben Baker' }),
  ]);
  // Ann's render waits while Ben's reads and finishes: each read must still go to its own request.
  const [annPage, benPage] = await Promise.all([
    get('/feed?wait=60', cookieOf(ann.agent)).then((res) => res.text()),
    get('/feed?wait=0', cookieOf(ben.agent)).then((res) => res.text()),
  ]);
  expect(annPage).toContain('Feed of Ann Able');
  expect(annPage).not.toContain('Ben Baker');
  expect(benPage).toContain('Feed of Ben Baker');
  expect(benPage).not.toContain('Ann Able');
});

test('no session, a session cookie that is not one, or a screen not rendered ahead: the plain shell', async () => {
  const { agent } = await signedInUser(t);
  for (const [url, cookie] of [
    ['/feed', undefined],
    ['/feed', 'sidepot.session_token=not-a-session'],
    ['/settings', cookieOf(agent)],
  ] as const) {
    const res = await get(url, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('rendered-data');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  }
});

test('a screen that fails to render is logged and sent as the plain shell, never a 500', async () => {
  const { agent } = await signedInUser(t);
  const res = await get('/activity', cookieOf(agent));
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root"></div>');
  expect(
    t.logs.some((entry) => entry.msg === 'signed-in screen not rendered' && entry['path'] === '/activity'),
  ).toBe(true);
});

test('JSON in a script element: no `<` that could close it or open a comment', () => {
  expect(scriptSafeJson('{"a":"</script><!--x"}')).toBe('{"a":"\\u003c/script>\\u003c!--x"}');
  expect(JSON.parse(scriptSafeJson(JSON.stringify({ a: '</script><!--x' })))).toEqual({
    a: '</script><!--x',
  });
});
