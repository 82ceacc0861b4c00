import { expect, saveScreen, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

const enable = 'Enable Push Notifications';

test('push: nothing is asked on load; with permission granted, headless Chromium cannot subscribe and says so', async ({
  page,
  context,
  signedInUser: _user,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/settings');
  const button = page.getByRole('button', { name: enable, exact: true });
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  await saveScreen(page, 'settings-push-off-390');
  await button.click();
  await expect(page.getByText('Push notifications are not available on this device.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await saveScreen(page, 'settings-push-unavailable-390');
});

test('push: without a grant the browser refuses and the blocked message shows', async ({ page, signedInUser: _user }) => {
  await page.goto('/settings');
  // Never asked on page load.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.getByRole('button', { name: enable, exact: true }).click();
  await expect(page.getByText('Notifications are blocked for Sidepot in your browser settings.', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await saveScreen(page, 'settings-push-blocked-390');
});
