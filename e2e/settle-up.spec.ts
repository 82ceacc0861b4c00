import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, wonBet } from './scenario.ts';

/*
 * Balances and one settle-up payment: three bets between
 * two friends, in both directions, are paid with one payment of the net and
 * confirmed with one tap.
 */

const balancesCard = (page: Page) => page.getByRole('region', { name: 'Balances' });

test('settle up three bets with one payment, end to end, both users', async ({ poolUser }) => {
  test.slow();
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const first = await wonBet(ana, ben, ben, { description: 'Ana runs 10k under 50 minutes', amount: 20 });
  await wonBet(ben, ana, ben, { description: 'Rain on Saturday', amount: 25 });
  await wonBet(ana, ben, ana, { description: 'Ben finishes the book this week', amount: 10 });
  for (const actor of [ana, ben]) await actor.api.post('/api/notifications/read-all');

  // Ana owes Ben the net: 20 + 25 − 10.
  const anaPage = await ana.newPage();
  await anaPage.goto('/profile');
  const anaCard = balancesCard(anaPage);
  // A cold first load on a busy machine: wait for the screen, then hold the usual timeouts.
  await expect(anaCard).toBeVisible({ timeout: 30_000 });
  const line = anaCard.getByRole('button', { name: `You owe ${ben.name} $35` });
  await expect(line).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(anaPage);
  await anaCard.scrollIntoViewIfNeeded();
  await anaCard.screenshot({ path: 'test-results/screens/balances-card.png' });

  await line.click();
  const dialog = anaPage.getByRole('dialog', { name: ben.name });
  await expect(dialog.getByText(`You owe ${ben.name} $35`)).toBeVisible();
  const bets = dialog.getByRole('list', { name: 'Bets in this balance' }).getByRole('link');
  await expect(bets).toHaveCount(3);
  await expect(dialog.getByRole('link', { name: /Ana runs 10k under 50 minutes/ })).toHaveAttribute('href', `/bets/${first}`);
  // Ben has only Venmo: one 'Pay with Venmo' for the net, then 'Mark All Paid' (ADR 056).
  const settle = dialog.getByRole('link', { name: 'Pay with Venmo' });
  await expect(dialog.getByRole('link', { name: /^Pay with / })).toHaveCount(1);
  const href = new URL((await settle.getAttribute('href')) ?? '');
  expect(href.pathname).toBe(`/${ben.venmoHandle.replace(/^@/, '')}`);
  expect(href.searchParams.get('amount')).toBe('35');
  expect(href.searchParams.get('note')).toBe('Sidepot: 3 bets');
  await saveScreen(anaPage, 'balance-dialog', { fullPage: false });

  await dialog.getByRole('button', { name: 'Mark All Paid' }).click();
  await expectToastAndClose(anaPage, 'Payment Marked as Sent', `Waiting for ${ben.name} to confirm receipt.`);
  await expect(dialog).toHaveCount(0);
  await expect(anaCard.getByText('All settled up')).toBeVisible();

  // Ben confirms all three from 'Waiting on You'.
  const benPage = await ben.newPage();
  await benPage.goto('/profile');
  await expect(balancesCard(benPage).getByRole('button', { name: `${ana.name} paid you $35` })).toBeVisible({ timeout: 30_000 });
  await expect(balancesCard(benPage).getByText(`${ana.name} marked $35 as paid for 3 bets.`)).toBeVisible();
  await benPage.goto('/activity');
  const waiting = benPage.getByRole('region', { name: 'Waiting on You' });
  await expect(waiting.getByText(`${ana.name} marked $35 as paid for 3 bets.`)).toBeVisible();
  await waiting.getByRole('button', { name: 'Confirm All Received' }).click();
  await expectToastAndClose(benPage, 'Payment Confirmed', 'The bets have been settled!');
  await expect(waiting).toHaveCount(0);

  // Each bet reads as settled in one payment, and complete.
  await anaPage.goto(`/bets/${first}`);
  await expect(anaPage.getByText('Settled in a $35 payment')).toBeVisible();
  await expect(anaPage.getByText('Payment Complete')).toBeVisible();
  await saveScreen(anaPage, 'settled-bet');
});
