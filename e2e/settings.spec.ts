import type { Page } from '@playwright/test';
import { expectToastAndClose, expect, linkIn, saveScreen, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * /settings' Notifications section and the 'Unsubscribe' link of a
 * notification mail.
 */

/** Opens /settings and waits for the switches (a cold first load of the lazy screen can take seconds on a busy machine). */
async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Bet challenges Email' })).toBeVisible({ timeout: 15_000 });
}

test('notification switches save at once with a toast and persist across a reload', async ({ poolUser }) => {
  test.setTimeout(60_000);
  const ana = await poolUser();
  const page = await ana.newPage();
  await openSettings(page);
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  for (const label of ['Bet challenges', 'Bet updates', 'Friend requests', 'Comments', 'Reminders', 'Groups']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const challengesEmail = page.getByRole('switch', { name: 'Bet challenges Email' });
  const commentsEmail = page.getByRole('switch', { name: 'Comments Email' });
  const commentsPush = page.getByRole('switch', { name: 'Comments Push' });
  // Defaults: everything on except Comments email.
  await expect(challengesEmail).toHaveAttribute('aria-checked', 'true');
  await expect(commentsEmail).toHaveAttribute('aria-checked', 'false');
  await expect(commentsPush).toHaveAttribute('aria-checked', 'true');
  await saveScreen(page, 'settings-notifications');

  await challengesEmail.click();
  await expect(challengesEmail).toHaveAttribute('aria-checked', 'false');
  await expectToastAndClose(page, 'Settings saved');
  // Keyboard: Space toggles the focused switch.
  await commentsEmail.focus();
  await page.keyboard.press('Space');
  await expect(commentsEmail).toHaveAttribute('aria-checked', 'true');
  await expectToastAndClose(page, 'Settings saved');

  await page.reload();
  await expect(challengesEmail).toHaveAttribute('aria-checked', 'false');
  await expect(commentsEmail).toHaveAttribute('aria-checked', 'true');
  await expect(commentsPush).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Bet updates Email' })).toHaveAttribute('aria-checked', 'true');
});

test('the Unsubscribe link of a challenge mail works signed out and turns Bet challenges Email off', async ({
  poolUser,
  mailbox,
  browser,
  baseURL,
}) => {
  // Two users befriended, a mail waited for, and three pages in two contexts.
  test.setTimeout(90_000);
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  await placeBet(ana, ben, { description: 'Sunrise before six', amount: 10 });
  const mail = await mailbox.waitForMail(ben.email, 'challenged you');
  expect(mail.text).toContain(`${ana.name} challenged you to a $10 bet: "Sunrise before six".`);
  expect(mail.html).toContain('>Unsubscribe</a>');
  const link = linkIn(mail, '/unsubscribe');

  const signedOut = await browser.newContext({ baseURL });
  const page = await signedOut.newPage();
  await page.goto(link);
  await expect(page.getByText('You will no longer get these emails.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await saveScreen(page, 'unsubscribe-done');

  await page.goto('/unsubscribe?token=not-a-real-token');
  await expect(page.getByText('This unsubscribe link is not valid. You can turn email off in Settings instead.')).toBeVisible({
    timeout: 15_000,
  });
  await saveScreen(page, 'unsubscribe-invalid');
  await signedOut.close();

  const bens = await ben.newPage();
  await openSettings(bens);
  await expect(bens.getByRole('switch', { name: 'Bet challenges Email' })).toHaveAttribute('aria-checked', 'false');
  await expect(bens.getByRole('switch', { name: 'Bet challenges Push' })).toHaveAttribute('aria-checked', 'true');
  await expect(bens.getByRole('switch', { name: 'Bet updates Email' })).toHaveAttribute('aria-checked', 'true');
});
