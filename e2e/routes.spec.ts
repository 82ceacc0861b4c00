import { expect, test } from './fixtures.ts';

test('an unknown path shows the 404 page with a link back to the start', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();

  const back = page.getByRole('main').getByRole('link');
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});

test('the SMS opt-in policy page states the policy, the support address and the date', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Text Verification & Opt-In Policy' }).click();
  await expect(page).toHaveURL(/\/sms-opt-in-policy$/);

  const statements = [
    /one-time code/i,
    /sign-up/i,
    /secure login/i,
    /no marketing/i,
    /frequency/i,
    /message and data rates may apply/i,
    /opt out/i,
    /compl(y|ies)/i,
  ];
  for (const statement of statements) {
    await expect(page.getByText(statement).first()).toBeVisible();
  }
  await expect(page.getByText('help@sidepot.test')).toBeVisible();
  await expect(page.getByText(/July 26, 2025/)).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

for (const path of ['/home', '/feed', '/profile']) {
  test(`${path} sends a visitor without a session to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
}

test('the bottom navigation is hidden on the start page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('the sign-up and login screens link to each other', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the browser gets the scripts brotli-encoded and cached for a year, the shell uncached, and the favicon', async ({
  page,
}) => {
  const scripts: { url: string; encoding: string | undefined; cache: string | undefined; length: number }[] =
    [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      const headers = res.headers();
      scripts.push({
        url: res.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        length: Number(headers['content-length']),
      });
    }
  });
  const shell = await page.goto('/login');
  expect(shell?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  const assets = scripts.filter((s) => s.url.includes('/assets/'));
  expect(assets.filter((s) => s.encoding === 'br').length).toBeGreaterThan(0);
  for (const script of assets) {
    expect(script.cache).toBe('public, max-age=31536000, immutable');
    // Files under 1 KiB have no compressed twin: not worth the bytes of the header.
    if (script.encoding !== 'br') {
      expect({ url: script.url, encoding: script.encoding, isSmall: script.length < 1024 }).toEqual({
        url: script.url,
        encoding: undefined,
        isSmall: true,
      });
    }
  }
  const icon = await page.request.get('/favicon-32x32.png');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect((await page.request.get('/robots.txt')).status()).toBe(200);
  expect((await page.request.get('/no-such-file.js')).status()).toBe(404);
});
