import { expect, expectToast, test } from './fixtures.ts';

test('login asks for both fields, then reports an unknown username', async ({ page, uniqueUser }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Missing Information', 'Please enter your email/username and password.');

  const stranger = uniqueUser();
  await page.getByLabel('Email or Username').fill(stranger.username);
  await page.getByLabel('Password', { exact: true }).fill(stranger.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Username not found. Please check your username or try using your email.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the forgot-password dialog asks for an email and can be cancelled', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog.getByLabel('Email Address')).toBeVisible();

  await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
  await expectToast(page, 'Email Required', 'Please enter your email address.');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the reset page without a token says the link is invalid and goes to login', async ({ page }) => {
  await page.goto('/reset-password');
  await expectToast(page, 'Invalid Reset Link', 'This password reset link is invalid or has expired.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the reset page checks both fields, that they match, and the length', async ({ page }) => {
  // The token is only checked by the server on submit; these checks come first.
  await page.goto('/reset-password?token=not-a-real-token');
  const update = page.getByRole('button', { name: 'Update Password' });

  await update.click();
  await expectToast(page, 'Please enter your new password in both fields.');

  await page.getByLabel('New Password').fill('abcdef');
  await page.getByLabel('Confirm Password').fill('abcdeg');
  await update.click();
  await expectToast(page, "Passwords Don't Match", 'Please make sure both passwords are the same.');

  await page.getByLabel('New Password').fill('abc');
  await page.getByLabel('Confirm Password').fill('abc');
  await update.click();
  await expectToast(page, 'Password Too Short');
  await expect(page).toHaveURL(/\/reset-password\?token=not-a-real-token$/);
});
