import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { Component as ResetPasswordScreen } from './reset-password.tsx';

const renderReset = (url: string) => renderScreen(<ResetPasswordScreen />, { path: '/reset-password', url });

test("a reset link without a token says 'Invalid Reset Link' and goes to /login", async () => {
  await renderReset('/reset-password');
  await expectErrorToast('Invalid Reset Link', 'This password reset link is invalid or has expired.');
  await expect.element(page.getByTestId('navigated-to')).toHaveTextContent('/login');
});

test("a token the server no longer accepts says 'Invalid Reset Link' and goes to /login", async () => {
  worker.use(
    http.post('/api/auth/reset-password', () =>
      HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
    ),
  );
  await renderReset('/reset-password?token=used-token');
  await page.getByLabelText('New Password').fill('newsecret');
  await page.getByLabelText('Confirm Password').fill('newsecret');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectErrorToast('Invalid Reset Link', 'This password reset link is invalid or has expired.');
  await expect.element(page.getByTestId('navigated-to')).toHaveTextContent('/login');
});
