import type { Page } from '@playwright/test';

/**
 * Holds every script of `page` (the app does not run) until the returned function is called: for what a
 * visitor does on a server-rendered screen before the app has started (ADRs 047 and 067).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
