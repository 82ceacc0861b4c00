import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectToast, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { payThroughCashApp } from './bet-pages.ts';
import { befriend, wonBet } from './scenario.ts';

/*
 * More ways to pay (ADR 056): the winner adds a Cash App $cashtag and a PayPal.me username on Edit
 * Profile; the loser pays through the Cash App button's link for the exact amount, then marks it paid.
 */

async function openEditProfile(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(editor).toBeVisible();
  return editor;
}

test('a bet lost and paid with the Cash App button, then Mark Paid and Payment Complete', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const suffix = randomBytes(4).toString('hex');
  const cashtag = `Ben_${suffix}`;
  const paypalMe = `Ben${suffix}`;

  // Ben adds his apps; a malformed one is refused inline first.
  const benPage = await ben.newPage();
  await benPage.goto('/profile');
  await expect(benPage.getByRole('heading', { name: ben.name })).toBeVisible({ timeout: 30_000 });
  const editor = await openEditProfile(benPage);
  const cashtagField = editor.getByLabel('Cash App $cashtag');
  const paypalField = editor.getByLabel('PayPal.me username');
  await cashtagField.fill('$1ben');
  await paypalField.fill('ben.smith');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  const cashtagError =
    'A $cashtag is $ and up to 20 letters, numbers or underscores, starting with a letter.';
  await expect(editor.getByText(cashtagError)).toBeVisible();
  await expect(editor.getByText('A PayPal.me username is up to 20 letters or numbers.')).toBeVisible();
  await expect(cashtagField).toHaveAttribute('aria-invalid', 'true');
  await expectToast(benPage, 'Invalid Cash App $cashtag', cashtagError);
  await saveScreen(benPage, 'edit-profile-pay-apps-errors-390', { fullPage: false });
  await cashtagField.fill(`$${cashtag}`);
  await paypalField.fill(paypalMe);
  await saveScreen(benPage, 'edit-profile-pay-apps-390', { fullPage: false });
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(benPage, 'Profile Updated');
  await expect(editor).toBeHidden();
  const ways = benPage.getByRole('list', { name: 'Ways to pay you' });
  await expect(ways.getByText(`Cash App: $${cashtag}`, { exact: true })).toBeVisible();
  await expect(ways.getByText(`PayPal: paypal.me/${paypalMe}`, { exact: true })).toBeVisible();
  await expect(ways.getByText(`Venmo: @${ben.venmoHandle.replace(/^@/, '')}`, { exact: true })).toBeVisible();
  await saveScreen(benPage, 'profile-pay-apps-390', { fullPage: false });

  // Ana loses a $12 bet to Ben and sees a button per app he has, each for exactly $12.
  const description = `Ben sinks the free throw ${suffix}`;
  const betId = await wonBet(ana, ben, ben, { description, amount: 12 });
  const anaPage = await ana.newPage();
  await anaPage.goto(`/bets/${betId}`);
  await expect(anaPage.getByText(`You owe ${ben.name} $12.`, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const venmo = anaPage.getByRole('link', { name: 'Pay with Venmo' });
  await expect(venmo).toHaveAttribute(
    'href',
    new RegExp(`^https://venmo\\.com/${ben.venmoHandle.replace(/^@/, '')}\\?txn=pay&amount=12&note=`),
  );
  await expect(anaPage.getByRole('link', { name: 'Pay with PayPal' })).toHaveAttribute(
    'href',
    `https://paypal.me/${paypalMe}/12USD`,
  );
  const cashApp = anaPage.getByRole('link', { name: 'Pay with Cash App' });
  const cashAppHref = `https://cash.app/$${cashtag}/12`;
  await expect(cashApp).toHaveAttribute('href', cashAppHref);
  await expect(cashApp).toHaveAttribute('target', '_blank');
  await saveScreen(anaPage, 'pay-buttons-390');

  // She pays through Cash App: the link opens Cash App's page for Ben and $12.
  await payThroughCashApp(anaPage, cashAppHref);

  await anaPage.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToastAndClose(anaPage, 'Payment Marked as Sent', 'Waiting for the winner to confirm receipt.');
  await expect(anaPage.getByText(`Payment sent. Waiting for ${ben.name} to confirm receipt.`)).toBeVisible();
  await expect(anaPage.getByRole('link', { name: 'Pay with Cash App' })).toHaveCount(0);

  // Ben confirms; both see 'Payment Complete'.
  await benPage.goto(`/bets/${betId}`);
  await benPage.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expectToastAndClose(benPage, 'Payment Confirmed', 'The bet has been settled!');
  await expect(benPage.getByText('Payment Complete')).toBeVisible();
  await expect(anaPage.getByText('Payment Complete')).toBeVisible();
});
