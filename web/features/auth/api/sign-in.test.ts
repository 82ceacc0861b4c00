import { expect, test } from 'vitest';
import { AuthError } from '#web/lib/auth-error.ts';
import { signInErrorMessage } from './sign-in.ts';

test("the login form shows a throttled account's wait, as the server words it (ADR 015)", () => {
  const message = 'Too many failed sign-in attempts for this account. Please wait 8 seconds and try again.';
  const throttled = new AuthError({
    status: 429,
    statusText: 'Too Many Requests',
    code: 'SIGN_IN_THROTTLED',
    message,
  });
  expect(signInErrorMessage(throttled)).toBe(message);
});

test('a wrong password keeps the spec text', () => {
  const wrong = new AuthError({
    status: 401,
    statusText: 'Unauthorized',
    code: 'INVALID_EMAIL_OR_PASSWORD',
    message: 'x',
  });
  expect(signInErrorMessage(wrong)).toBe('Invalid email/username or password. Please try again.');
});
