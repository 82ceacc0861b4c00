import { expect, test } from './fixtures.ts';

/*
 * Signed in, the shell names the session read and the screen's first data as `<link rel="preload"
 * as="fetch">` (server/lib/data-preloads.ts, ADR 041). That list repeats what each screen's api files
 * read first: if the two drift apart, a preload goes unused (Chromium warns on the console a few seconds
 * after load, which fails the test) or the screen fetches its data a second time (counted here).
 */
const PRELOAD = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g;
// Chromium's "preloaded but not used" warning comes 3 s after the load event.
const UNUSED_PRELOAD_WARNING_MS = 3_500;

for (const screen of ['/home', '/feed', '/profile']) {
  // A pooled user: a sign-up per test would spend the suite's sign-up rate limit.
  test(`${screen}: every preloaded read is used once and fetched once`, async ({ poolUser }) => {
    const page = await (await poolUser()).newPage();
    const requested = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      const path = url.pathname + url.search;
      if (url.pathname.startsWith('/api/')) requested.set(path, (requested.get(path) ?? 0) + 1);
    });
    const response = await page.goto(screen);
    const preloaded = [...((await response?.text()) ?? '').matchAll(PRELOAD)].map((match) => match[1]);
    expect(preloaded).toContain('/api/auth/get-session');
    expect(preloaded.length, `${screen} preloads its first data`).toBeGreaterThan(1);

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForTimeout(UNUSED_PRELOAD_WARNING_MS);
    expect(Object.fromEntries(preloaded.map((href) => [href, requested.get(href ?? '')]))).toEqual(
      Object.fromEntries(preloaded.map((href) => [href, 1])),
    );
  });
}
