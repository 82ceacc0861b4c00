import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { deferred } from '#web/testing/deferred.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast, expectSuccessToast, toastWith } from '#web/testing/toasts.ts';
import { Component as SignUpScreen } from './signup.tsx';

const INVITE = 'abcdefghijklmnopqrstuv';
const renderSignUp = (url = '/signup') => renderScreen(<SignUpScreen />, { path: '/signup', url });

async function fillValidSignUp() {
  await page.getByLabelText('Full Name').fill('Casey Jones');
  await page.getByLabelText('Username').fill('casey');
  await page.getByLabelText('Email').fill('casey@example.com');
  await page.getByLabelText('Password').fill('secret123');
  await page.getByLabelText('Phone Number').fill('5551234567');
  await page.getByLabelText('Venmo Handle').fill('casey-j');
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).click();
}

test("after 'Create Account' a 'Check Your Email' screen names the address, resends the link and goes back to login", async () => {
  const resent: unknown[] = [];
  const resend = deferred();
  worker.use(
    http.post('/api/auth/sign-up/email', () => HttpResponse.json({ token: null, user: {} })),
    http.post('/api/auth/send-verification-email', async ({ request }) => {
      resent.push(await request.json());
      await resend.promise;
      return HttpResponse.json({ status: true });
    }),
  );
  await renderSignUp(`/signup?invite=${INVITE}`);
  await fillValidSignUp();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectSuccessToast(
    'Check Your Email',
    "We've sent you a verification link. Please check your email to verify your account.",
  );
  await expect.element(page.getByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
  await expect.element(page.getByText('casey@example.com', { exact: true })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();

  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect.element(page.getByRole('button', { name: 'Sending Email...' })).toBeDisabled();
  resend.resolve();
  await expectSuccessToast('Email Sent', "We've sent a new verification link to casey@example.com.");
  expect(resent).toEqual([{ email: 'casey@example.com', callbackURL: '/login?verified=1' }]);

  await expect
    .element(page.getByRole('link', { name: 'Back to Login' }))
    .toHaveAttribute('href', `/login?invite=${INVITE}`);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect.element(page.getByTestId('navigated-to')).toHaveTextContent('/login');
});

test("a rate-limited 'Resend Email' shows the server's message", async () => {
  worker.use(
    http.post('/api/auth/sign-up/email', () => HttpResponse.json({ token: null, user: {} })),
    http.post('/api/auth/send-verification-email', () =>
      HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
    ),
  );
  await renderSignUp();
  await fillValidSignUp();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expectErrorToast('Error', 'Too many requests. Please try again later.');
  await expect.element(page.getByRole('button', { name: 'Resend Email' })).toBeEnabled();
});

test('sign-up marks every invalid field at once and toasts the first failing rule in the spec order', async () => {
  await renderSignUp();
  await page.getByLabelText('Username').fill('casey');
  await page.getByLabelText('Email').fill('casey@example.com');
  await page.getByLabelText('Password').fill('123');
  await page.getByLabelText('Phone Number').fill('555-01');
  await page.getByLabelText('Venmo Handle').fill('casey-j');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectErrorToast('Age Verification Required', 'You must confirm you are 18 or older to continue.');
  await expect.element(toastWith('Missing Information')).not.toBeInTheDocument();
  const age = page.getByRole('checkbox', { name: 'I am 18 or older' });
  await expect.element(age).toHaveFocus();
  await expect.element(age).toHaveAccessibleDescription('You must confirm you are 18 or older to continue.');
  await expect
    .element(page.getByLabelText('Full Name'))
    .toHaveAccessibleDescription('Please fill in all fields to continue.');
  await expect
    .element(page.getByLabelText('Password'))
    .toHaveAccessibleDescription('Password must be at least 6 characters long.');
  await expect
    .element(page.getByLabelText('Phone Number'))
    .toHaveAccessibleDescription(/Please enter a valid 10-digit US phone number\./);
  await expect.element(page.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

  // Fixing one field clears only its mark.
  await page.getByLabelText('Full Name').fill('Casey Jones');
  await expect.element(page.getByLabelText('Full Name')).not.toHaveAttribute('aria-invalid');
  await expect.element(page.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
});
