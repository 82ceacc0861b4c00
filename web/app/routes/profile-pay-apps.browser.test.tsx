import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { ApiErrorBody } from '#domain/errors.ts';
import type { MyProfile } from '#domain/profiles.ts';
import { Component as ProfileScreen } from './profile.tsx';
import { profileScreen } from '#web/testing/factories.ts';
import { profileHandlers, worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';

/* Edit Profile's optional 'Cash App $cashtag' and 'PayPal.me username' (ADR 056), and the profile showing them. */

const renderProfile = () => renderScreen(<ProfileScreen />, { path: '/profile' });

async function openEditProfile() {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  return page.getByRole('dialog');
}

test('the profile shows the cashtag and PayPal.me username beside the Venmo handle', async () => {
  const screen = profileScreen();
  worker.use(
    ...profileHandlers({
      ...screen,
      profile: { ...screen.profile, cashtag: 'Morgan_M', paypalMe: 'MorganM' },
    }),
  );
  await renderProfile();
  const ways = page.getByRole('list', { name: 'Ways to pay you' });
  await expect.element(ways.getByText('Venmo: @morgan')).toBeVisible();
  await expect.element(ways.getByText('Cash App: $Morgan_M')).toBeVisible();
  await expect.element(ways.getByText('PayPal: paypal.me/MorganM')).toBeVisible();
});

test('a malformed cashtag and PayPal.me username each get their own inline error, and nothing is sent', async () => {
  let patched = 0;
  worker.use(
    http.patch('/api/profile', () => {
      patched += 1;
      return HttpResponse.json({});
    }),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  const dialog = await openEditProfile();
  await dialog.getByLabelText('Cash App $cashtag').fill('$1morgan');
  await dialog.getByLabelText('PayPal.me username').fill('morgan_m');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect
    .element(
      dialog.getByText(
        'A $cashtag is $ and up to 20 letters, numbers or underscores, starting with a letter.',
      ),
    )
    .toBeVisible();
  await expect
    .element(dialog.getByText('A PayPal.me username is up to 20 letters or numbers.'))
    .toBeVisible();
  await expect.element(dialog.getByLabelText('Cash App $cashtag')).toHaveAttribute('aria-invalid', 'true');
  await expect.element(dialog.getByLabelText('PayPal.me username')).toHaveAttribute('aria-invalid', 'true');
  await expectErrorToast(
    'Invalid Cash App $cashtag',
    'A $cashtag is $ and up to 20 letters, numbers or underscores, starting with a letter.',
  );
  expect(patched).toBe(0);
});

test('valid apps are sent with the rest of the profile; blank ones are sent blank (removed)', async () => {
  const sent: unknown[] = [];
  const screen = profileScreen();
  worker.use(
    http.patch('/api/profile', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json<MyProfile>({ ...screen.profile, cashtag: 'Morgan_M', paypalMe: null });
    }),
    ...profileHandlers({ ...screen, profile: { ...screen.profile, paypalMe: 'OldName' } }),
  );
  await renderProfile();
  const dialog = await openEditProfile();
  await expect.element(dialog.getByLabelText('PayPal.me username')).toHaveValue('OldName');
  await dialog.getByLabelText('Cash App $cashtag').fill('$Morgan_M');
  await dialog.getByLabelText('PayPal.me username').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  expect(sent).toEqual([
    {
      name: 'Morgan Me',
      username: 'morgan',
      phone: '5551234567',
      venmoHandle: 'morgan',
      cashtag: '$Morgan_M',
      paypalMe: '',
    },
  ]);
});

test("the server's 422 for a field marks that field", async () => {
  const message = 'A PayPal.me username is up to 20 letters or numbers.';
  worker.use(
    http.patch('/api/profile', () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'VALIDATION_FAILED', message, issues: [{ path: 'paypalMe', message }] } },
        { status: 422 },
      ),
    ),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  const dialog = await openEditProfile();
  await dialog.getByLabelText('PayPal.me username').fill('morgan');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectErrorToast('Update failed', message);
  await expect.element(dialog.getByLabelText('PayPal.me username')).toHaveAttribute('aria-invalid', 'true');
});
