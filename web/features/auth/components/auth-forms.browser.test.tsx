import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { deferred } from '#web/testing/deferred.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** better-auth's error answer: `{ code?, message? }` with the status. */
function authFailure(status: number, body: { code?: string; message?: string } = {}) {
  return HttpResponse.json(body, { status });
}

async function fillSignUp() {
  await page.getByLabelText('Full Name').fill('Casey Jones');
  await page.getByLabelText('Username').fill('casey');
  await page.getByLabelText('Email').fill('casey@example.com');
  await page.getByLabelText('Password').fill('secret123');
  await page.getByLabelText('Phone Number').fill('5551234567');
  await page.getByLabelText('Venmo Handle').fill('casey-j');
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).click();
}

test("sign-up shows the spec's placeholder and phone hint, and 'Creating Account...' while busy", async () => {
  const request = deferred();
  worker.use(
    http.post('/api/auth/sign-up/email', async () => {
      await request.promise;
      return authFailure(422, { code: 'VALIDATION_FAILED', message: 'Please enter a valid email address.' });
    }),
  );
  await renderScreen(<SignUpForm onSignedUp={() => undefined} />, { path: '/signup' });
  await expect.element(page.getByPlaceholder('Minimum 6 characters')).toBeVisible();
  await expect.element(page.getByText('Used for friend connections, no SMS verification')).toBeVisible();
  await fillSignUp();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect.element(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  request.resolve();
  await expectErrorToast('Signup Failed', 'Please enter a valid email address.');
  await expect.element(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test("a sign-up failure without a message shows 'Signup Failed' / 'Failed to create account. Please try again.'", async () => {
  worker.use(http.post('/api/auth/sign-up/email', () => authFailure(500)));
  await renderScreen(<SignUpForm onSignedUp={() => undefined} />, { path: '/signup' });
  await fillSignUp();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectErrorToast('Signup Failed', 'Failed to create account. Please try again.');
});

test('a name with a hidden character is refused in the form, on the field and in a toast, before any request (ADR 050)', async () => {
  // No handler for the sign-up POST: a request would fail the test (MSW onUnhandledRequest: 'error').
  await renderScreen(<SignUpForm onSignedUp={() => undefined} />, { path: '/signup' });
  await fillSignUp();
  await page.getByLabelText('Full Name').fill('ad\u200Dmin');
  await page.getByRole('button', { name: 'Create Account' }).click();

  const message = 'Name contains invisible or control characters. Please type it again.';
  await expectErrorToast('Invalid Characters', message);
  await expect.element(page.getByLabelText('Full Name')).toHaveAccessibleDescription(message);
});

test("login reads 'Signing In...' while busy and shows the server's message under 'Login Failed'", async () => {
  const request = deferred();
  worker.use(
    http.post('/api/auth/sign-in/email', async () => {
      await request.promise;
      return authFailure(403, { code: 'ACCOUNT_LOCKED', message: 'This account is locked.' });
    }),
  );
  await renderScreen(<LoginForm />, { path: '/login' });
  await page.getByLabelText('Email or Username').fill('casey@example.com');
  await page.getByLabelText('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect.element(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  request.resolve();
  await expectErrorToast('Login Failed', 'This account is locked.');
});

test("a login failure without a message shows 'Failed to log in. Please try again.'", async () => {
  worker.use(http.post('/api/auth/sign-in/email', () => authFailure(500)));
  await renderScreen(<LoginForm />, { path: '/login' });
  await page.getByLabelText('Email or Username').fill('casey@example.com');
  await page.getByLabelText('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expectErrorToast('Login Failed', 'Failed to log in. Please try again.');
});

test("'Send Reset Email' reads 'Sending...' while busy; a failure shows 'Error' / 'Failed to send reset email.'", async () => {
  const request = deferred();
  worker.use(
    http.post('/api/auth/request-password-reset', async () => {
      await request.promise;
      return authFailure(500);
    }),
  );
  await renderScreen(<LoginForm />, { path: '/login' });
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabelText('Email Address').fill('casey@example.com');
  await page.getByRole('button', { name: 'Send Reset Email' }).click();

  await expect.element(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  request.resolve();
  await expectErrorToast('Error', 'Failed to send reset email.');
});

test("reset password reads 'Updating Password...' while busy, then 'Failed to reset password. Please try again.'", async () => {
  const request = deferred();
  worker.use(
    http.post('/api/auth/reset-password', async () => {
      await request.promise;
      return authFailure(500);
    }),
  );
  await renderScreen(<ResetPasswordForm token="reset-token" />, { path: '/reset-password' });
  await expect.element(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  await page.getByLabelText('New Password').fill('newsecret');
  await page.getByLabelText('Confirm Password').fill('newsecret');
  await page.getByRole('button', { name: 'Update Password' }).click();

  await expect.element(page.getByRole('button', { name: 'Updating Password...' })).toBeDisabled();
  request.resolve();
  await expectErrorToast('Error', 'Failed to reset password. Please try again.');
});

test.each([
  {
    identifier: 'nobody',
    path: '/api/auth/sign-in/username',
    code: 'USERNAME_NOT_FOUND',
    shown: 'Username not found. Please check your username or try using your email.',
  },
  {
    identifier: 'casey@example.com',
    path: '/api/auth/sign-in/email',
    code: 'INVALID_EMAIL_OR_PASSWORD',
    shown: 'Invalid email/username or password. Please try again.',
  },
  {
    identifier: 'casey',
    path: '/api/auth/sign-in/username',
    code: 'INVALID_USERNAME_OR_PASSWORD',
    shown: 'Invalid email/username or password. Please try again.',
  },
  {
    identifier: 'casey@example.com',
    path: '/api/auth/sign-in/email',
    code: 'EMAIL_NOT_VERIFIED',
    shown: 'Please check your email and click the verification link to activate your account.',
  },
])(
  "login answered $code shows the spec's text under 'Login Failed'",
  async ({ identifier, path, code, shown }) => {
    worker.use(http.post(path, () => authFailure(401, { code, message: 'raw library message' })));
    await renderScreen(<LoginForm />, { path: '/login' });
    await page.getByLabelText('Email or Username').fill(identifier);
    await page.getByLabelText('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expectErrorToast('Login Failed', shown);
  },
);
