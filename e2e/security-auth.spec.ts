import type { Page } from '@playwright/test';
import { expect, expectToast, linkIn, test } from './fixtures.ts';

/* Auth hardening (ADR 015), in a real browser. */

async function sessionEmail(page: Page): Promise<string | null> {
  const body: unknown = await (await page.request.get('/api/auth/get-session')).json();
  if (typeof body !== 'object' || body === null || !('user' in body)) return null;
  const user: unknown = body.user;
  return typeof user === 'object' && user !== null && 'email' in user && typeof user.email === 'string'
    ? user.email
    : null;
}

test("an <img> pointing at another account's verification link does not swap the viewer's session", async ({
  browser,
  poolUser,
  request,
  baseURL,
  mailbox,
  uniqueUser,
}) => {
  const victim = await poolUser();
  const page = await victim.newPage();
  await page.goto('/feed');
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();

  // The attacker's second, unverified account, signed up from the attacker's own client.
  const second = uniqueUser();
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL ?? '' },
    data: { ...second, ageConfirmed: true },
  });
  expect(signUp.status()).toBe(200);
  const link = linkIn(await mailbox.waitForMail(second.email, 'Verify'), '/verify-email');

  // What an avatar (or any image) planted with that link makes the victim's browser do.
  const outcome = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const img = document.createElement('img');
        img.onload = () => resolve('load');
        img.onerror = () => resolve('error');
        img.src = src;
        document.body.append(img);
      }),
    link,
  );
  expect(outcome).toBe('error');

  expect(await sessionEmail(page)).toBe(victim.email);
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(`@${victim.username}`, { exact: true })).toBeVisible();

  // Opened in a browser with no session and no sign-up of its own, the link only verifies.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(link);
  await expect(elsewhere).toHaveURL(/\/login$/);
  await expectToast(elsewhere, 'Email verified', 'Your account is active. Please sign in.');
  expect(await sessionEmail(elsewhere)).toBeNull();
  await elsewhere.context().close();
});

test('a 429 or a network failure on get-session keeps the signed-in user on /feed', async ({
  poolUser,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 429|net::ERR_FAILED/);
  const user = await poolUser();
  const page = await user.newPage();
  await page.goto('/feed');
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();

  for (const failure of ['rate-limited', 'offline'] as const) {
    let isFailing = true;
    let failed = 0;
    await page.route('**/api/auth/get-session*', async (route) => {
      if (!isFailing) return route.continue();
      failed += 1;
      if (failure === 'offline') return route.abort('failed');
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
      });
    });
    await page.reload();
    // The read fails and is retried (after 1 s, then 2 s) without leaving the page.
    await expect.poll(() => failed, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);

    isFailing = false;
    await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/feed$/);
    await page.unroute('**/api/auth/get-session*');
  }
});
