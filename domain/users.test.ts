import { expect, test } from 'vitest';
import {
  accountMessages,
  checkForgotPassword,
  checkLogin,
  checkResetPassword,
  checkSignUp,
  checkSignUpFields,
  digitsOnly,
  isUsernameIdentifier,
  issueTitle,
  signUpFormSchema,
  signUpInputSchema,
  type SignUpFields,
} from './users.ts';

const valid: SignUpFields = {
  name: 'Ada Lovelace',
  username: 'ada.l_1',
  email: 'ada@example.com',
  password: 'secret',
  phone: '(555) 123-4567',
  venmoHandle: '@ada-l',
  ageConfirmed: true,
};

test('a complete sign-up passes', () => {
  expect(checkSignUp(valid)).toBeNull();
});

test('sign-up checks run in the spec order: age, required, password, phone', () => {
  const everythingWrong = { ...valid, ageConfirmed: false, name: '', password: '1', phone: '12' };
  expect(checkSignUp(everythingWrong)).toMatchObject(accountMessages.ageRequired);
  expect(checkSignUp({ ...everythingWrong, ageConfirmed: true })).toMatchObject(
    accountMessages.signUpMissing,
  );
  expect(checkSignUp({ ...everythingWrong, ageConfirmed: true, name: 'A' })).toMatchObject(
    accountMessages.passwordTooShort,
  );
  expect(checkSignUp({ ...valid, phone: '12' })).toMatchObject(accountMessages.invalidPhone);
});

test('sign-up lists every invalid field at once, each with its first failing rule, in the spec order', () => {
  const everythingWrong = { ...valid, ageConfirmed: false, name: '', password: '1', phone: '12', email: 'x' };
  expect(checkSignUpFields(everythingWrong)).toEqual([
    { field: 'ageConfirmed', ...accountMessages.ageRequired },
    { field: 'name', ...accountMessages.signUpMissing },
    { field: 'password', ...accountMessages.passwordTooShort },
    { field: 'phone', ...accountMessages.invalidPhone },
    { field: 'email', ...accountMessages.invalidEmail },
  ]);
  // A blank field is reported as missing, not also as malformed.
  expect(checkSignUpFields({ ...valid, email: ' ', phone: '' })).toEqual([
    { field: 'email', ...accountMessages.signUpMissing },
    { field: 'phone', ...accountMessages.signUpMissing },
  ]);
  expect(checkSignUpFields(valid)).toEqual([]);
});

test('sign-up messages are the spec texts', () => {
  expect(checkSignUp({ ...valid, ageConfirmed: false })).toEqual({
    field: 'ageConfirmed',
    title: 'Age Verification Required',
    message: 'You must confirm you are 18 or older to continue.',
  });
  expect(checkSignUp({ ...valid, venmoHandle: ' ' })).toEqual({
    field: 'venmoHandle',
    title: 'Missing Information',
    message: 'Please fill in all fields to continue.',
  });
  expect(checkSignUp({ ...valid, password: '12345' })).toEqual({
    field: 'password',
    title: 'Password Too Short',
    message: 'Password must be at least 6 characters long.',
  });
  expect(checkSignUp({ ...valid, phone: '555-1234' })).toEqual({
    field: 'phone',
    title: 'Invalid Phone Number',
    message: 'Please enter a valid 10-digit US phone number.',
  });
});

test('each required field is checked, whitespace counts as blank', () => {
  for (const field of ['name', 'username', 'email', 'password', 'phone', 'venmoHandle'] as const) {
    expect(checkSignUp({ ...valid, [field]: '   ' })?.field).toBe(field);
  }
});

test('password length boundary is 6', () => {
  expect(checkSignUp({ ...valid, password: '12345' })?.field).toBe('password');
  expect(checkSignUp({ ...valid, password: '123456' })).toBeNull();
  expect(checkSignUp({ ...valid, password: 'x'.repeat(129) })?.title).toBe('Password Too Long');
});

test('phone must have exactly 10 digits once punctuation is stripped', () => {
  expect(digitsOnly('+1 (555) 123-4567')).toBe('15551234567');
  expect(checkSignUp({ ...valid, phone: '555.123.4567' })).toBeNull();
  expect(checkSignUp({ ...valid, phone: '15551234567' })?.field).toBe('phone');
  expect(checkSignUp({ ...valid, phone: '555123456' })?.field).toBe('phone');
});

test('usernames are 3 to 30 letters, digits, underscores or dots', () => {
  expect(checkSignUp({ ...valid, username: 'ab' })?.title).toBe('Invalid Username');
  expect(checkSignUp({ ...valid, username: 'abc' })).toBeNull();
  expect(checkSignUp({ ...valid, username: 'a'.repeat(30) })).toBeNull();
  expect(checkSignUp({ ...valid, username: 'a'.repeat(31) })?.title).toBe('Invalid Username');
  expect(checkSignUp({ ...valid, username: 'has-dash' })?.title).toBe('Invalid Username');
  expect(checkSignUp({ ...valid, username: 'has@at' })?.title).toBe('Invalid Username');
});

test('the server schema normalizes what it stores', () => {
  const parsed = signUpInputSchema.parse({ ...valid, email: ' Ada@Example.COM ', name: ' Ada ' });
  expect(parsed).toEqual({
    name: 'Ada',
    username: 'ada.l_1',
    email: 'ada@example.com',
    password: 'secret',
    phone: '5551234567',
    venmoHandle: 'ada-l',
  });
});

test('the form schema reports the first failing rule with its title', () => {
  const result = signUpFormSchema.safeParse({ ...valid, ageConfirmed: false, phone: '1' });
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  expect(result.error?.issues).toHaveLength(1);
  expect(issue?.path).toEqual(['ageConfirmed']);
  expect(issue?.message).toBe('You must confirm you are 18 or older to continue.');
  expect(issueTitle(issue)).toBe('Age Verification Required');
});

test('login needs both fields', () => {
  expect(checkLogin({ identifier: ' ', password: 'x' })).toMatchObject({
    title: 'Missing Information',
    message: 'Please enter your email/username and password.',
  });
  expect(checkLogin({ identifier: 'ada', password: '' })?.field).toBe('password');
  expect(checkLogin({ identifier: 'ada', password: 'x' })).toBeNull();
});

test('an identifier without @ is a username', () => {
  expect(isUsernameIdentifier('ada')).toBe(true);
  expect(isUsernameIdentifier('ada@example.com')).toBe(false);
});

test('forgot password needs an email', () => {
  expect(checkForgotPassword({ email: '' })).toMatchObject({
    title: 'Email Required',
    message: 'Please enter your email address.',
  });
  expect(checkForgotPassword({ email: 'nope' })?.title).toBe('Invalid Email');
  expect(checkForgotPassword({ email: 'a@b.co' })).toBeNull();
});

test('reset password: both fields, matching, then length', () => {
  expect(checkResetPassword({ password: '', confirmPassword: 'abcdef' })?.message).toBe(
    'Please enter your new password in both fields.',
  );
  expect(checkResetPassword({ password: 'abcdef', confirmPassword: 'abcdeg' })).toMatchObject({
    title: "Passwords Don't Match",
    message: 'Please make sure both passwords are the same.',
  });
  expect(checkResetPassword({ password: 'abc', confirmPassword: 'abc' })?.title).toBe('Password Too Short');
  expect(checkResetPassword({ password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
});
