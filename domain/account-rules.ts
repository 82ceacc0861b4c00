import { regexes } from 'zod';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';

/**
 * Account rules shared by the forms and the server. Each rule carries the
 * spec's toast title and message; forms show the first failing rule, in the
 * order the spec lists them, and the server refuses the same input.
 *
 * This module has no zod schemas: the sign-in, sign-up and password forms of the
 * public pages import it without zod (domain/users.ts wraps the rules in schemas
 * for the server and re-exports everything here).
 */
/** User ids as better-auth (32 letters and digits) and the seed write them; anything else names nobody. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type RuleFailure<TField extends string = string> = {
  field: TField;
  title: string;
  message: string;
};

export const PASSWORD_MIN_LENGTH = 6;
/** better-auth's default maximum; longer inputs are refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_DIGITS = 10;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const VENMO_HANDLE_PATTERN = /^@?[A-Za-z0-9_-]{1,30}$/;
export const NAME_MAX_LENGTH = 100;

/**
 * zod's email format (what `z.email()` checks), read from zod's regex module alone, so the rule
 * functions (and the public pages' forms) run without loading zod's schema machinery.
 */
function isEmail(value: string): boolean {
  return regexes.email.test(value);
}

export const accountMessages = {
  ageRequired: {
    title: 'Age Verification Required',
    message: 'You must confirm you are 18 or older to continue.',
  },
  signUpMissing: { title: 'Missing Information', message: 'Please fill in all fields to continue.' },
  passwordTooShort: {
    title: 'Password Too Short',
    message: 'Password must be at least 6 characters long.',
  },
  passwordTooLong: {
    title: 'Password Too Long',
    message: 'Password must be at most 128 characters long.',
  },
  invalidPhone: {
    title: 'Invalid Phone Number',
    message: 'Please enter a valid 10-digit US phone number.',
  },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
  invalidUsername: {
    title: 'Invalid Username',
    message: 'Usernames are 3 to 30 letters, numbers, underscores or dots.',
  },
  invalidVenmoHandle: {
    title: 'Invalid Venmo Handle',
    message: 'Venmo handles are up to 30 letters, numbers, hyphens or underscores.',
  },
  nameTooLong: { title: 'Name Too Long', message: 'Please keep your name under 100 characters.' },
  usernameTaken: {
    title: 'Username Taken',
    message: 'This username is already taken. Please choose another.',
  },
  loginMissing: {
    title: 'Missing Information',
    message: 'Please enter your email/username and password.',
  },
  emailRequired: { title: 'Email Required', message: 'Please enter your email address.' },
  resetMissing: {
    title: 'Missing Information',
    message: 'Please enter your new password in both fields.',
  },
  passwordsDontMatch: {
    title: "Passwords Don't Match",
    message: 'Please make sure both passwords are the same.',
  },
} as const satisfies Record<string, { title: string; message: string }>;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

function fail<TField extends string>(
  field: TField,
  rule: { title: string; message: string },
): RuleFailure<TField> {
  return { field, title: rule.title, message: rule.message };
}

// ---------------------------------------------------------------- sign-up

export type SignUpFields = {
  name: string;
  username: string;
  email: string;
  password: string;
  phone: string;
  venmoHandle: string;
  ageConfirmed: boolean;
};
export type SignUpField = keyof SignUpFields;

/** Typed text the account keeps (the password is only hashed, so any character may be in it). */
const textFields = ['name', 'username', 'email', 'phone', 'venmoHandle'] as const;

/** How a refusal names each account field (ADR 050). */
export const accountFieldLabels = {
  name: 'Name',
  username: 'Username',
  email: 'Email',
  phone: 'Phone number',
  venmoHandle: 'Venmo handle',
  identifier: 'Username or email',
} as const;

/**
 * Every field's first failing sign-up check, ordered by the spec's rule order (the age box, missing
 * fields, password length, phone, then our own format rules): the form marks them all at once and
 * toasts the first, which is what `checkSignUp` returns.
 */
export function checkSignUpFields(input: SignUpFields): RuleFailure<SignUpField>[] {
  const m = accountMessages;
  const failures: RuleFailure<SignUpField>[] = [];
  const check = (field: SignUpField, isFailing: boolean, rule: { title: string; message: string }) => {
    if (isFailing && !failures.some((failure) => failure.field === field)) failures.push(fail(field, rule));
  };
  check('ageConfirmed', !input.ageConfirmed, m.ageRequired);
  const required = ['name', 'username', 'email', 'password', 'phone', 'venmoHandle'] as const;
  for (const field of required) check(field, isBlank(input[field]), m.signUpMissing);
  for (const field of textFields) {
    check(
      field,
      hasForbiddenCharacters(input[field]),
      textMessages.invalidCharacters(accountFieldLabels[field]),
    );
  }
  check('password', input.password.length < PASSWORD_MIN_LENGTH, m.passwordTooShort);
  check('password', input.password.length > PASSWORD_MAX_LENGTH, m.passwordTooLong);
  check('phone', digitsOnly(input.phone).length !== PHONE_DIGITS, m.invalidPhone);
  check('email', !isEmail(input.email.trim()), m.invalidEmail);
  check('username', !USERNAME_PATTERN.test(input.username.trim()), m.invalidUsername);
  check('venmoHandle', !VENMO_HANDLE_PATTERN.test(input.venmoHandle.trim()), m.invalidVenmoHandle);
  check('name', normalizeText(input.name).length > NAME_MAX_LENGTH, m.nameTooLong);
  return failures;
}

/** The spec's sign-up checks, in its order; returns the first failure. */
export function checkSignUp(input: SignUpFields): RuleFailure<SignUpField> | null {
  return checkSignUpFields(input)[0] ?? null;
}

export function normalizeVenmoHandle(handle: string): string {
  return handle.trim().replace(/^@/, '');
}

// ---------------------------------------------------------------- login

export type LoginFields = { identifier: string; password: string };

export function checkLogin(input: LoginFields): RuleFailure<keyof LoginFields> | null {
  if (isBlank(input.identifier)) return fail('identifier', accountMessages.loginMissing);
  if (hasForbiddenCharacters(input.identifier))
    return fail('identifier', textMessages.invalidCharacters(accountFieldLabels.identifier));
  if (input.password === '') return fail('password', accountMessages.loginMissing);
  return null;
}

/** An identifier without '@' is a username (spec section 5, Login). */
export function isUsernameIdentifier(identifier: string): boolean {
  return !identifier.includes('@');
}

// ---------------------------------------------------------------- password reset

export type ForgotPasswordFields = { email: string };

export function checkForgotPassword(
  input: ForgotPasswordFields,
): RuleFailure<keyof ForgotPasswordFields> | null {
  if (isBlank(input.email)) return fail('email', accountMessages.emailRequired);
  if (hasForbiddenCharacters(input.email))
    return fail('email', textMessages.invalidCharacters(accountFieldLabels.email));
  if (!isEmail(input.email.trim())) return fail('email', accountMessages.invalidEmail);
  return null;
}

export type ResetPasswordFields = { password: string; confirmPassword: string };

export function checkResetPassword(
  input: ResetPasswordFields,
): RuleFailure<keyof ResetPasswordFields> | null {
  const m = accountMessages;
  if (input.password === '') return fail('password', m.resetMissing);
  if (input.confirmPassword === '') return fail('confirmPassword', m.resetMissing);
  if (input.password !== input.confirmPassword) return fail('confirmPassword', m.passwordsDontMatch);
  if (input.password.length < PASSWORD_MIN_LENGTH) return fail('password', m.passwordTooShort);
  if (input.password.length > PASSWORD_MAX_LENGTH) return fail('password', m.passwordTooLong);
  return null;
}
