import { readFileSync } from 'node:fs';
import { expect, expectToast, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { friendOption } from './bet-pages.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * Self-set limits: set a weekly loss limit on /settings,
 * hit it on the Place Bet screen, then take a break and see /home say so;
 * and (section 7) download the history CSV from the profile's settings menu.
 */

test('a weekly loss limit refuses the bet that would pass it; a break replaces the Place Bet form', async ({ poolUser }) => {
  // Two users, three screens and a download on a shared 2-core machine.
  test.setTimeout(90_000);
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const page = await ana.newPage();

  await page.goto('/settings');
  const limitField = page.getByLabel('Weekly loss limit');
  await expect(limitField).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Limits' })).toBeVisible();
  await limitField.fill('20');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToastAndClose(page, 'Settings saved');
  await expect(page.getByText('In force now: $20.')).toBeVisible();

  // $15 already at stake: another $10 would make $25.
  await placeBet(ana, ben, { description: 'Warm-up bet', amount: 15 });
  await page.goto('/home');
  await page.getByLabel("What's the bet?").fill('One more for the road');
  await page.getByRole('combobox', { name: /^Friend/ }).click();
  await page.getByPlaceholder('Search friends...').fill(ben.username);
  await friendOption(page, ben).click();
  await page.getByRole('button', { name: '$10', exact: true }).click();
  await page.getByRole('button', { name: 'Place Bet', exact: true }).click();
  await expectToast(page, 'Weekly limit reached', 'This bet would exceed your weekly loss limit of $20.');
  await saveScreen(page, 'limits-refused', { fullPage: false });

  // Raising waits 24 hours, and the screen says when.
  await page.goto('/settings');
  await limitField.fill('100');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToastAndClose(page, 'Settings saved');
  await expect(page.getByText(/^Your limit rises to \$100 on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  await expect(page.getByText('In force now: $20.')).toBeVisible();
  await saveScreen(page, 'limits-settings');

  await page.getByRole('button', { name: '7 days', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Take a break for 7 days?' });
  await expect(dialog).toContainText('The break cannot be ended early.');
  await saveScreen(page, 'limits-break-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Start Break' }).click();
  await expectToastAndClose(page, 'Your break has started.');
  await expect(page.getByText(/^You are on a break until /).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '7 days', exact: true })).toBeHidden();

  await page.goto('/home');
  await expect(page.getByText(/^You are on a break until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  await expect(page.getByLabel("What's the bet?")).toBeHidden();
  await saveScreen(page, 'limits-break-home');

  // Section 7: the profile's settings menu downloads the history as a file.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const item = page.getByRole('menuitem', { name: 'Download History (CSV)' });
  await expect(item).toBeVisible();
  await saveScreen(page, 'history-menu', { fullPage: false });
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toMatch(/^sidepot-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, first] = csv.split('\r\n');
  expect(header).toBe('date,opponent,description,amount,status,result,paid,confirmed,settled');
  expect(first?.endsWith(`,${ben.name},Warm-up bet,15,pending,,,,`)).toBe(true);
});
