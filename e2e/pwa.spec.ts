import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { friendOption } from './bet-pages.ts';
import { expect, expectToast, saveScreen, sessionCookies, test, toast } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * The installable app (ADR 021): installability as Chromium
 * judges it, the offline shell and offline actions, the update prompt, and Web
 * Push shown by the real service worker (section 2's browser part).
 */

const OFFLINE_MESSAGE = 'You are offline. Try again when you are back online.';
/**
 * A first visit downloads the shell and then the worker precaches all of it: on the
 * shared 2-core machines a screen can take several seconds to appear.
 */
const FIRST_LOAD_MS = 20_000;

// Each test installs the worker (precaching the whole shell) at least once. One after another, not in
// parallel (the suite is fullyParallel): the release test rewrites the shared sw.js, and a push test running
// beside it lost its notification to the new worker (CI, once). Other files block service workers.
test.describe.configure({ mode: 'default', timeout: 90_000 });
// The suite blocks service workers (playwright.config.ts); this file is about them.
test.use({ serviceWorkers: 'allow' });

/** Resolves once the service worker controls `page` (it claims open tabs on its first activation). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

function webDir(): string {
  const dir = process.env.SIDEPOT_E2E_WEB_DIR;
  if (!dir) throw new Error('SIDEPOT_E2E_WEB_DIR is not set: run the suite with npx playwright test');
  return dir;
}

test.describe('installability', () => {
  let userDataDir = '';
  let context: BrowserContext | undefined;
  test.beforeEach(() => {
    userDataDir = mkdtempSync(path.join(tmpdir(), 'sidepot-pwa-profile-'));
  });
  test.afterEach(async () => {
    await context?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  test('Chromium finds no installability errors on /login and /home', async ({ baseURL, poolUser }) => {
    const base = baseURL ?? '';
    const launch = config.use?.launchOptions ?? {};
    // Ordinary contexts are incognito, where Chromium always answers 'in-incognito'.
    context = await chromium.launchPersistentContext(userDataDir, {
      ...(launch.executablePath ? { executablePath: launch.executablePath } : {}),
      ...(launch.args ? { args: launch.args } : {}),
      baseURL: base,
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const installabilityErrors = async () => {
      const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
      return errors.map((error) => error.errorId);
    };

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: FIRST_LOAD_MS });
    await waitForServiceWorker(page);
    await expect.poll(installabilityErrors).toEqual([]);

    const user = await poolUser();
    await context.addCookies(sessionCookies(user, base));
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByLabel("What's the bet?")).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect.poll(installabilityErrors).toEqual([]);

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const response = await fetch(link.href);
      return { type: response.headers.get('content-type'), body: (await response.json()) as unknown };
    });
    expect(manifest?.type).toContain('application/manifest+json');
    expect(manifest?.body).toMatchObject({
      name: 'Sidepot',
      short_name: 'Sidepot',
      start_url: '/home',
      display: 'standalone',
      icons: expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    });
  });
});

test('offline: the shell reloads with a banner, actions are off and nothing is replayed', async ({
  poolUser,
  consoleGuard,
}) => {
  // What a browser logs for requests that cannot go out while offline.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_/);
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const page = await ana.newPage();
  const context = page.context();
  await page.goto('/home');
  await expect(page.getByLabel("What's the bet?")).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);

  // A bet half-written online, then the network goes.
  const description = 'Ana wins the offline bake-off';
  await page.getByLabel("What's the bet?").fill(description);
  await page.getByRole('combobox', { name: /^Friend/ }).click();
  await friendOption(page, ben).click();
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  // Read-only, and the banner says why: the form keeps what it has, but nothing can be sent.
  await expect(banner).toContainText('actions are off until you reconnect');
  await expect(page.getByLabel("What's the bet?")).toHaveValue(description);
  await expect(page.getByRole('button', { name: 'Place Bet', exact: true })).toBeDisabled();
  await expect(page.getByLabel("What's the bet?")).toBeDisabled();
  await saveScreen(page, 'pwa-offline-banner', { fullPage: false });

  // A list this tab never loaded says why it is empty instead of spinning forever.
  // Without CI's pause for a screenshot, the click that follows at once landed on <body>
  // (a capture listener saw the target) and nothing navigated: the page was still settling. Not yet
  // explained. The step checks where the click leads, retrying the click.
  const feedLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' });
  await expect(async () => {
    await feedLink.click();
    await expect(page).toHaveURL(/\/feed$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(toast(page, OFFLINE_MESSAGE)).toBeVisible();
  await expect(page.getByRole('main').getByText(OFFLINE_MESSAGE, { exact: true })).toBeVisible();
  await saveScreen(page, 'pwa-offline-list', { fullPage: false });

  // A reload while offline: the precached shell and the screen as it was last seen, read-only.
  await page.goto('/home');
  await expect(banner).toBeVisible();
  await expect(page.getByLabel("What's the bet?")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Bet', exact: true })).toBeDisabled();
  await saveScreen(page, 'pwa-offline-reload', { fullPage: false });

  // Back online: the screen works again by itself, and the bet started offline was never sent.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('button', { name: 'Place Bet', exact: true })).toBeEnabled({
    timeout: FIRST_LOAD_MS,
  });
  // The worker keeps the shell only: no API answer is ever in its caches. Polled until the precached shell is
  // listed, so the worker has settled after the reconnect.
  const cachedUrls = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
  await expect.poll(cachedUrls).toContain('/index.html');
  const cached = await cachedUrls();
  expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
  const mine = await ana.api.get<unknown>('/api/bets/mine');
  expect(JSON.stringify(mine)).not.toContain(description);
  await expect(page).toHaveURL(/\/home$/);
});

test('offline, a reload of /login shows the form, not a spinner', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_/);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByLabel('Email or Username')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await saveScreen(page, 'pwa-offline-login', { fullPage: false });
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});

test('offline, a reload of /feed shows the last feed read-only; Logout forgets it', async ({
  poolUser,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_/);
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const description = 'Ben swims across the lake by August';
  await placeBet(ana, ben, { description, amount: 20 });
  const page = await ana.newPage();
  const context = page.context();
  await page.goto('/feed');
  const card = page.getByRole('article').filter({ hasText: description });
  await expect(card).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);
  // The copy is written a moment after the screen's data settles.
  await expect
    .poll(() =>
      page.evaluate(() => localStorage.getItem('sidepot-offline-copy')?.includes('swims across') ?? false),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Like' })).toBeDisabled();
  await expect(page.getByText(OFFLINE_MESSAGE, { exact: true })).toHaveCount(0);
  await saveScreen(page, 'pwa-offline-feed', { fullPage: false });

  // Back online: the screen is live again; Logout leaves nothing of Ana's on the device.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(card.getByRole('button', { name: 'Like' })).toBeEnabled({ timeout: FIRST_LOAD_MS });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Profile/ })
    .click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out');
  expect(await page.evaluate(() => localStorage.getItem('sidepot-offline-copy'))).toBeNull();
});

test('a push reaches the service worker, shows a notification and its click opens the bet link', async ({
  poolUser,
  baseURL,
}) => {
  const ana = await poolUser();
  const ben = await poolUser();
  await befriend(ana, ben);
  const betId = await placeBet(ben, ana, { description: 'chess on Sunday', amount: 5 });
  const page = await ana.newPage();
  const context = page.context();
  await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  await page.goto('/home');
  await expect(page.getByLabel("What's the bet?")).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);

  const cdp = await context.newCDPSession(page);
  // The registration whose worker is activated, not merely the first one reported: a push delivered to a
  // registration that is not (yet) running an activated worker can be lost (CI, once, under load).
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((version) => version.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  const workerErrors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => {
    workerErrors.push(`${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`);
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'Ben challenged you',
    body: 'Ben bet you $5: chess on Sunday',
    url: `/bets/${betId}`,
    tag: `bet-${betId}`,
  };
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  const asShown = ({ title, body, tag, url }: typeof payload) => [{ title, body, tag, data: { url } }];
  const deliver = async (message: typeof payload) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL ?? '').origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
  // CDP's delivery is fire-and-forget: it does not say whether the worker got the event, and it lost one twice in
  // full runs (the notification never came, no worker error; never when this test ran alone). A
  // push service redelivers what a worker did not take, so this does too, once, after 8 s; the worker's own
  // handling (the notification, its tag, its click) is asserted as before.
  const showsWithOneRedelivery = async (message: typeof payload) => {
    await deliver(message);
    try {
      await expect.poll(shown, { timeout: 8_000 }).toEqual(asShown(message));
    } catch {
      await deliver(message);
      await expect.poll(shown, { timeout: FIRST_LOAD_MS }).toEqual(asShown(message));
    }
  };
  await showsWithOneRedelivery(payload);
  expect(workerErrors).toEqual([]);

  // A second push with the same tag replaces the first instead of stacking.
  const update = { ...payload, title: 'Ben updated the bet', body: 'Ben bet you $10: chess on Sunday' };
  await showsWithOneRedelivery(update);

  // Headless Chromium has no notification UI to click, and CDP cannot click one: the click is a
  // real 'notificationclick' event dispatched in the worker itself, with the shown notification.
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  await worker.evaluate(async () => {
    // The worker's globals, which the DOM typings of this file do not describe.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to click');
    self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/bets/${betId}$`));
  await expect(page.getByText('chess on Sunday').first()).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test('a new release offers Update available / Reload and takes over on Reload', async ({ poolUser }) => {
  const ana = await poolUser();
  const page = await ana.newPage();
  await page.goto('/home');
  await expect(page.getByLabel("What's the bet?")).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);

  // A new release: the same worker with other bytes, as every build's precache list makes it.
  const swPath = path.join(webDir(), 'sw.js');
  const original = readFileSync(swPath);
  try {
    appendFileSync(swPath, `\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    const prompt = toast(page, 'Update available');
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await saveScreen(page, 'pwa-update-available', { fullPage: false });

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByLabel("What's the bet?")).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect(toast(page, 'Update available')).toHaveCount(0);
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null);
    expect(waiting).toBe(false);
  } finally {
    writeFileSync(swPath, original);
  }
});
