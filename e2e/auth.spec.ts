import { expect, expectToast, fillSignUpForm, linkIn, saveScreen, test, type TestUser } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function logIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out');
  await expect(page).toHaveURL(/\/login$/);
}

async function signUp(page: Page, user: TestUser) {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Join' })).toBeVisible();
  await fillSignUpForm(page, user);
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(
    page,
    'Check Your Email',
    "We've sent you a verification link. Please check your email to verify your account.",
  );
  // Not a login form the new account would be refused by: where the link went, and a way to resend it.
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await saveScreen(page, 'sign-up-check-your-email');
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expectToast(page, 'Email Sent', `We've sent a new verification link to ${user.email}.`);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

test('a new user signs up, verifies the email, logs in by username and by email, and resets the password', async ({
  page,
  mailbox,
  uniqueUser,
}) => {
  // About twenty steps through five screens and two emails.
  test.setTimeout(60_000);
  const user = uniqueUser();
  await signUp(page, user);

  // Until the emailed link is followed, login is refused.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await logIn(page, user.email, user.password);
  await expectToast(
    page,
    'Please check your email and click the verification link to activate your account.',
  );
  await expect(page).toHaveURL(/\/login$/);

  const verification = await mailbox.waitForMail(user.email, 'Verify');
  await page.goto(linkIn(verification, '/verify-email'));
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'Email verified');

  await logOut(page);

  await logIn(page, user.username, user.password);
  await expectToast(page, 'Welcome back!', 'You have been logged in successfully.');
  await expect(page).toHaveURL(/\/home$/);

  await logOut(page);

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email Address').fill(user.email);
  await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
  await expectToast(page, 'Reset Email Sent', 'Check your email for password reset instructions.');
  await expect(dialog).toBeHidden();

  const reset = await mailbox.waitForMail(user.email, 'Reset');
  await page.goto(linkIn(reset, '/reset-password'));
  await expect(page).toHaveURL(/\/reset-password\?/);
  const newPassword = `${user.password}-new`;
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(
    page,
    'Password Updated',
    'Your password has been successfully reset. You can now log in with your new password.',
  );
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, user.email, user.password);
  await expectToast(page, 'Invalid email/username or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, user.email, newPassword);
  await expectToast(page, 'Welcome back!', 'You have been logged in successfully.');
  await expect(page).toHaveURL(/\/home$/);
});
