import { expect, expectToast, fillSignUpForm, test, toast } from './fixtures.ts';

const AGE = ['Age Verification Required', 'You must confirm you are 18 or older to continue.'] as const;
const MISSING = ['Missing Information', 'Please fill in all fields to continue.'] as const;
const SHORT = ['Password Too Short', 'Password must be at least 6 characters long.'] as const;
const PHONE = ['Invalid Phone Number', 'Please enter a valid 10-digit US phone number.'] as const;

test('sign-up checks the age box first, then missing fields, then password length, then the phone', async ({
  page,
  uniqueUser,
}) => {
  const user = uniqueUser();
  await page.goto('/signup');
  const ageBox = page.getByRole('checkbox', { name: 'I am 18 or older' });
  const submit = page.getByRole('button', { name: 'Create Account' });

  // Every rule fails at once: only the first one is reported.
  await fillSignUpForm(page, { ...user, name: '', password: '123', phone: '555-01' });
  await submit.click();
  await expectToast(page, ...AGE);
  await expect(toast(page, MISSING[0])).toBeHidden();
  // The failing field is marked, described by its message, and focused.
  await expect(ageBox).toBeFocused();
  await expect(ageBox).toHaveAttribute('aria-invalid', 'true');
  await expect(ageBox).toHaveAccessibleDescription(AGE[1]);

  // After a submit, every change re-checks: ticking the box moves the error on to the next rule.
  await ageBox.check();
  await expect(ageBox).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(MISSING[1]);
  await submit.click();
  await expectToast(page, ...MISSING);
  await expect(toast(page, SHORT[0])).toBeHidden();

  await page.getByLabel('Full Name').fill(user.name);
  await submit.click();
  await expectToast(page, ...SHORT);
  await expect(toast(page, PHONE[0])).toBeHidden();

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await submit.click();
  await expectToast(page, ...PHONE);
  await expect(page).toHaveURL(/\/signup$/);
});

test('sign-up refuses a username that is already taken', async ({
  page,
  uniqueUser,
  seedUser,
  consoleGuard,
}) => {
  // better-auth's username plugin answers a taken username with 400.
  consoleGuard.allow(/status of 400 /);
  const existing = await seedUser(uniqueUser());
  const user = { ...uniqueUser(), username: existing.username };

  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Username Taken', 'This username is already taken. Please choose another.');
  // The server's refusal marks the field and puts the cursor back in it.
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();
  await expect(username).toHaveAccessibleDescription(
    'This username is already taken. Please choose another.',
  );
  await expect(page).toHaveURL(/\/signup$/);
  await expect(toast(page, 'Check Your Email')).toBeHidden();
});
