import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import {
  checkForgotPassword,
  checkLogin,
  checkResetPassword,
  checkSignUp,
} from '#domain/account-rules.ts';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
  signUpFormSchema,
} from '#domain/users.ts';
import { ruleResolver } from './rule-resolver.ts';

async function run<T extends FieldValues>(resolver: Resolver<T>, values: T) {
  const options: ResolverOptions<T> = { fields: {}, shouldUseNativeValidation: false };
  return resolver(values, undefined, options);
}

const validSignUp = {
  name: 'Ann Lee',
  username: 'ann.lee',
  email: 'ann@example.com',
  password: 'secret1',
  phone: '(555) 123-4567',
  venmoHandle: '@ann-lee',
  ageConfirmed: true,
};

// The public forms validate with the plain rules; the server with their zod schemas: same answers.
describe('ruleResolver answers as zodResolver over the same rule does', () => {
  test.each([
    { identifier: '', password: '' },
    { identifier: 'ann', password: '' },
    { identifier: 'a\u0000b', password: 'x' },
    { identifier: 'ann@example.com', password: 'secret' },
  ])('login %o', async (values) => {
    expect(await run(ruleResolver(checkLogin), values)).toEqual(
      await run(zodResolver(loginFormSchema), values),
    );
  });

  test.each([
    validSignUp,
    { ...validSignUp, ageConfirmed: false },
    { ...validSignUp, email: 'ann@' },
    { ...validSignUp, email: 'first.last+tag@mail.example.co' },
    { ...validSignUp, phone: '123' },
    { ...validSignUp, username: 'a' },
    { ...validSignUp, name: '' },
  ])('sign-up %o', async (values) => {
    expect(await run(ruleResolver(checkSignUp), values)).toEqual(
      await run(zodResolver(signUpFormSchema), values),
    );
  });

  test.each([{ email: '' }, { email: 'nope' }, { email: ' ann@example.com ' }, { email: 'a..b@x.io' }])(
    'forgot password %o',
    async (values) => {
      expect(await run(ruleResolver(checkForgotPassword), values)).toEqual(
        await run(zodResolver(forgotPasswordFormSchema), values),
      );
    },
  );

  test.each([
    { password: '', confirmPassword: '' },
    { password: 'secret1', confirmPassword: 'secret2' },
    { password: 'abc', confirmPassword: 'abc' },
    { password: 'secret1', confirmPassword: 'secret1' },
  ])('reset password %o', async (values) => {
    expect(await run(ruleResolver(checkResetPassword), values)).toEqual(
      await run(zodResolver(resetPasswordFormSchema), values),
    );
  });
});
