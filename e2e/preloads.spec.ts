import { expect, test } from './fixtures.ts';

/*
 * Signed in, /home, /feed and /profile come rendered with their data, which the page carries for the app to
 * start from (ADR 067): the app must not read that data again, and the shell preloads only the session read
 * (`<link rel="preload" as="fetch">`, server/lib/data-preloads.ts), which the app must use, once. An unused
 * preload is a warning on the console a few seconds after load (Chromium), which fails the test.
 */
const PRELOAD = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g;
// Chromium's "preloaded but not used" warning comes 3 s after the load event.
const UNUSED_PRELOAD_WARNING_MS = 3_500;

const FIRST_READS: Record<string, string[]> = {
  '/home': ['/api/friends/all', '/api/limits'],
  '/feed': ['/api/feed'],
  '/profile': [
    '/api/profile',
    '/api/balances',
    '/api/groups',
    '/api/bets/mine',
    '/api/pots/mine',
    '/api/challenges/mine',
  ],
};

for (const [screen, reads] of Object.entries(FIRST_READS)) {
  // A pooled user: a sign-up per test would spend the suite's sign-up rate limit.
  test(`${screen}: rendered with its data, which is not read again; the session read is preloaded and used once`, async ({
    poolUser,
  }) => {
    const page = await (await poolUser()).newPage();
    const requested = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      const path = url.pathname + url.search;
      if (url.pathname.startsWith('/api/')) requested.set(path, (requested.get(path) ?? 0) + 1);
    });
    const response = await page.goto(screen);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<div id="root" data-prerendered="${screen}">`);
    expect(html).toContain('<script type="application/json" id="rendered-data">');
    expect([...html.matchAll(PRELOAD)].map((match) => match[1])).toEqual(['/api/auth/get-session']);

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForTimeout(UNUSED_PRELOAD_WARNING_MS);
    expect(requested.get('/api/auth/get-session')).toBe(1);
    expect(Object.fromEntries(reads.map((read) => [read, requested.get(read) ?? 0]))).toEqual(
      Object.fromEntries(reads.map((read) => [read, 0])),
    );
  });
}
