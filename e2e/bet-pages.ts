import type { Locator, Page } from '@playwright/test';
import { expect, saveScreen, type Actor } from './fixtures.ts';

/*
 * Locators and waits for the bet screens and the live red dot, shared by
 * bets.spec.ts and realtime.spec.ts.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bottom navigation's Profile link with the red dot: the dot is decorative, the name carries it. */
export function profileWithDot(page: Page): Locator {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile, needs attention', exact: true });
}

/** The Profile link without the dot. */
export function profileWithoutDot(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true });
}

/** Asserts the red dot on Profile is on (or off), by the link's name and by the dot itself. */
export async function expectDot(page: Page, on: boolean): Promise<void> {
  if (on) {
    await expect(profileWithDot(page)).toBeVisible();
    await expect(profileWithDot(page).getByTestId('attention-dot')).toBeVisible();
  } else {
    await expect(profileWithoutDot(page)).toBeVisible();
    await expect(page.getByTestId('attention-dot')).toHaveCount(0);
  }
}

/** Clicks Profile in the bottom navigation, whether or not it has the dot. */
export async function goToProfile(page: Page): Promise<void> {
  // The click reads every line on the server; the dot clears before that answer. A line that arrives while the
  // read is on its way would be read by it too: what follows waits for its answer.
  const read = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/notifications/read-all',
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Profile(, needs attention)?$/ })
    .click();
  expect((await read).ok()).toBe(true);
  await expect(page).toHaveURL(/\/profile$/);
}

/**
 * Opens `path` and waits until this browser's shared event stream is
 * answered. The server subscribes a stream before it answers, so once the
 * response is in no later change is missed. Only for the first page of a
 * browser context: later tabs use the leader's stream and open none.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto(path);
  expect((await stream).status()).toBe(200);
}

/** A profile section ('Pending Bets', 'Active Bets', 'Past Bets'); its name also counts its bets. */
export function section(page: Page, title: 'Pending Bets' | 'Active Bets' | 'Past Bets'): Locator {
  return page.getByRole('region', { name: new RegExp(`^${title}\\b`) });
}

/** The card (profile or feed) of the bet `creator` placed against `opponent` described as `description`. */
export function betCard(
  scope: Page | Locator,
  creator: Actor,
  opponent: Actor,
  description: string,
): Locator {
  return scope
    .getByRole('article', { name: `${creator.name} vs ${opponent.name}`, exact: true })
    .filter({ hasText: description });
}

/** The empty profile: no pending, active or past bets. */
export async function expectNoBetsOnProfile(page: Page): Promise<void> {
  await expect(page.getByText('No bets yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Place your first bet to get started!', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
}

/** The friend picker's option for `friend` (name and @username). */
export function friendOption(page: Page, friend: Actor): Locator {
  return page.getByRole('option', {
    name: new RegExp(`${escapeRegExp(friend.name)}.*@${escapeRegExp(friend.username)}`),
  });
}

/** Epoch milliseconds, as a page's high-resolution clock reads them (comparable across pages). */
export type PageTime = number;

/**
 * Starts recording, in `page`, the moment the red dot on Profile first appears
 * (a MutationObserver, so the time is the render's, not the test runner's next poll).
 */
export async function watchForDot(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { __sidepotDotAt?: number };
    delete state.__sidepotDotAt;
    const hasDot = () => document.querySelector('nav a[aria-label="Profile, needs attention"]') !== null;
    if (hasDot()) throw new Error('the red dot is already on');
    const observer = new MutationObserver(() => {
      if (!hasDot()) return;
      state.__sidepotDotAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** When the watched dot appeared (see watchForDot). */
export async function dotAppearedAt(page: Page): Promise<PageTime> {
  const at = await page.evaluate(() => (window as unknown as { __sidepotDotAt?: number }).__sidepotDotAt);
  if (at === undefined) throw new Error('the red dot was not seen appearing');
  return at;
}

/** Records, in `page`, when the next click lands on a button named `name` (capture phase, before React). */
export async function watchForClick(page: Page, name: string): Promise<void> {
  await page.evaluate((label) => {
    const state = window as unknown as { __sidepotClickAt?: number };
    delete state.__sidepotClickAt;
    document.addEventListener(
      'click',
      function onClick(event) {
        const button = event.target instanceof Element ? event.target.closest('button') : null;
        if (button?.textContent.trim() !== label) return;
        state.__sidepotClickAt = performance.timeOrigin + performance.now();
        document.removeEventListener('click', onClick, true);
      },
      true,
    );
  }, name);
}

/** When the watched click happened (see watchForClick). */
export async function clickedAt(page: Page): Promise<PageTime> {
  const at = await page.evaluate(() => (window as unknown as { __sidepotClickAt?: number }).__sidepotClickAt);
  if (at === undefined) throw new Error('the click was not seen');
  return at;
}

/**
 * A screenshot of what a person sees with `card` in the middle of the screen
 * (or as far up as the page scrolls): the bottom bar never hides it.
 */
export async function saveCardScreen(card: Locator, name: string): Promise<void> {
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await saveScreen(card.page(), name, { fullPage: false });
}

/**
 * Pays through 'Pay with Cash App': the link opens Cash App's page (answered here, no outside network)
 * at exactly `href`, then the payer comes back to 'Mark Paid'.
 */
export async function payThroughCashApp(page: Page, href: string): Promise<void> {
  const cashApp = page.getByRole('link', { name: 'Pay with Cash App' });
  await expect(cashApp).toHaveAttribute('href', href);
  await page
    .context()
    .route('https://cash.app/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Cash App</title><p>Pay</p>' }),
    );
  const [cashAppTab] = await Promise.all([page.waitForEvent('popup'), cashApp.click()]);
  expect(cashAppTab.url()).toBe(href);
  await cashAppTab.close();
}
