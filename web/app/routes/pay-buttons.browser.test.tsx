import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { BalanceDetail } from '#domain/balances.ts';
import { alex, completedBet, profileScreen } from '#web/testing/factories.ts';
import { profileHandlers, worker, type BalancesBody } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { Component as ProfileScreen } from './profile.tsx';

/*
 * The payer's buttons (ADR 056): one 'Pay with …' link per app the payee has, each for the exact amount,
 * then 'Mark Paid' (a lost bet) or 'Mark All Paid' (a balance); 'No Venmo handle' only without any app.
 */

const renderProfile = () => renderScreen(<ProfileScreen />, { path: '/profile' });
const allApps = { venmoHandle: 'alex-r', cashtag: 'AlexR_1', paypalMe: 'AlexR2026' };

test('a lost bet offers Venmo, Cash App and PayPal for the exact amount, then Mark Paid', async () => {
  const lost = completedBet(alex.id, { amount: 15, description: 'Rain on Saturday', payTo: allApps });
  worker.use(...profileHandlers(profileScreen(), { past: [lost] }));
  await renderProfile();
  const card = page.getByRole('article').filter({ hasText: 'Rain on Saturday' });
  const venmo = card.getByRole('link', { name: 'Pay with Venmo' });
  await expect
    .element(venmo)
    .toHaveAttribute(
      'href',
      'https://venmo.com/alex-r?txn=pay&amount=15&note=Lost%20our%20bet%3A%20Rain%20on%20Saturday%20-%20Sidepot',
    );
  await expect
    .element(card.getByRole('link', { name: 'Pay with Cash App' }))
    .toHaveAttribute('href', 'https://cash.app/$AlexR_1/15');
  await expect
    .element(card.getByRole('link', { name: 'Pay with PayPal' }))
    .toHaveAttribute('href', 'https://paypal.me/AlexR2026/15USD');
  for (const name of ['Pay with Venmo', 'Pay with Cash App', 'Pay with PayPal'])
    await expect.element(card.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  // In the order the issue lists them, 'Mark Paid' last.
  const labels = [...card.element().querySelectorAll('a, button')].map((el) => el.textContent.trim());
  const at = (label: string) => labels.indexOf(label);
  expect(at('Pay with Venmo')).toBeGreaterThanOrEqual(0);
  expect(at('Pay with Venmo')).toBeLessThan(at('Pay with Cash App'));
  expect(at('Pay with Cash App')).toBeLessThan(at('Pay with PayPal'));
  expect(at('Pay with PayPal')).toBeLessThan(at('Mark Paid'));
});

test('a payee with only Cash App gets only the Cash App button, and no No Venmo handle', async () => {
  const lost = completedBet(alex.id, {
    amount: 20,
    payTo: { venmoHandle: '', cashtag: 'AlexR_1', paypalMe: null },
  });
  worker.use(...profileHandlers(profileScreen(), { past: [lost] }));
  await renderProfile();
  await expect
    .element(page.getByRole('link', { name: 'Pay with Cash App' }))
    .toHaveAttribute('href', 'https://cash.app/$AlexR_1/20');
  await expect.element(page.getByRole('button', { name: 'Mark Paid' })).toBeVisible();
  expect(page.getByRole('link', { name: 'Pay with Venmo' }).elements()).toHaveLength(0);
  expect(page.getByRole('button', { name: 'Pay with Venmo' }).elements()).toHaveLength(0);
  expect(page.getByRole('link', { name: 'Pay with PayPal' }).elements()).toHaveLength(0);
});

test("a payee with no app at all: the one 'Pay with Venmo' button says 'No Venmo handle'", async () => {
  const lost = completedBet(alex.id, { payTo: { venmoHandle: '', cashtag: null, paypalMe: null } });
  worker.use(...profileHandlers(profileScreen(), { past: [lost] }));
  await renderProfile();
  expect(page.getByRole('link', { name: /Pay with/ }).elements()).toHaveLength(0);
  await page.getByRole('button', { name: 'Pay with Venmo' }).click();
  await expectErrorToast('No Venmo handle', "Your opponent hasn't set up their Venmo handle.");
});

test("the balance you owe offers each of the friend's apps for the net, then 'Mark All Paid'", async () => {
  const friend = { ...alex, venmoHandle: 'alex-r' };
  const line = { friend, payTo: allApps, net: -35, betCount: 3, pendingSettlement: null, reminder: null };
  const detail: BalanceDetail = {
    ...line,
    bets: [20, 25, 10].map((amount, index) => ({
      id: `bet-${index}`,
      description: `Bet ${index + 1}`,
      amount,
      direction: index === 2 ? ('owed_to_me' as const) : ('i_owe' as const),
      completedAt: new Date().toISOString(),
    })),
    potPayments: [],
  };
  worker.use(
    http.get('/api/balances', () => HttpResponse.json<BalancesBody>({ items: [line] })),
    http.get(`/api/balances/${alex.id}`, () => HttpResponse.json(detail)),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await page.getByRole('button', { name: `You owe ${alex.name} $35` }).click();
  const dialog = page.getByRole('dialog', { name: alex.name });
  await expect
    .element(dialog.getByRole('link', { name: 'Pay with Venmo' }))
    .toHaveAttribute('href', 'https://venmo.com/alex-r?txn=pay&amount=35&note=Sidepot%3A%203%20bets');
  await expect
    .element(dialog.getByRole('link', { name: 'Pay with Cash App' }))
    .toHaveAttribute('href', 'https://cash.app/$AlexR_1/35');
  await expect
    .element(dialog.getByRole('link', { name: 'Pay with PayPal' }))
    .toHaveAttribute('href', 'https://paypal.me/AlexR2026/35USD');
  await expect.element(dialog.getByRole('button', { name: 'Mark All Paid' })).toBeVisible();
  expect(dialog.getByRole('link', { name: 'Settle Up' }).elements()).toHaveLength(0);
});
