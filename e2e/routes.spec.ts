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
