import { expect, expectNoHorizontalScroll, saveScreen, test } from './fixtures.ts';

// The smallest phone width we support; the screens are saved for people to look at.
test.use({ viewport: { width: 360, height: 780 } });

test('the sign-up screen fits a 360px phone without horizontal scrolling', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'signup-360');
});

test('the login screen and its reset dialog fit a 360px phone without horizontal scrolling', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'login-360');

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'login-reset-dialog-360');
});

test('the reset, policy and 404 screens fit a 360px phone', async ({ page }) => {
  await page.goto('/reset-password?token=layout-check');
  await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'reset-password-360');

  await page.goto('/sms-opt-in-policy');
  await expect(page.getByText(/July 26, 2025/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'sms-opt-in-policy-360');

  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'not-found-360');
});
