import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, wonBet } from './scenario.ts';

/*
 * A decided pot's debt settled through Settle Up (ADR 059): the pot payment nets with a bet on the
 * Balances card, one 'Mark All Paid' covers both, and the payee's one confirmation completes the pot
 * payment on the pot page.
 */

type Pot = {
  id: string;
  options: { id: string; label: string }[];
  payments: { id: string; payer: { id: string }; confirmed: boolean; settled: boolean }[];
};

const balancesCard = (page: Page) => page.getByRole('region', { name: 'Balances' });

test("a decided pot's debt settled with a bet through Settle Up", async ({ poolUser }) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  await befriend(ana, ben);
  await befriend(ana, cal);
  const question = 'Who wins the office pool?';
  const created = await ana.api.post<Pot>('/api/pots', {
    question,
    kind: 'choices',
    options: ['Ana', 'Someone else'],
    line: null,
    stake: 10,
    closesAt: null,
    resolveBy: null,
    decider: 'me',
    refereeId: null,
    inviteeIds: [ben.id, cal.id],
    entry: { optionIndex: 0 },
  });
  const other = created.options.find((option) => option.label === 'Someone else')?.id ?? '';
  const winning = created.options.find((option) => option.label === 'Ana')?.id ?? '';
  await ben.api.post(`/api/pots/${created.id}/entry`, { optionId: other });
  await cal.api.post(`/api/pots/${created.id}/entry`, { optionId: other });
  await ana.api.post(`/api/pots/${created.id}/result`, { optionId: winning });
  // Ben owes Ana $10 from the pot and won $4 from her in a bet: one line, 'You owe Ana $6'.
  await wonBet(ana, ben, ben, { description: 'Ben beats Ana at chess', amount: 4 });

  const benPage = await ben.newPage();
  await benPage.goto('/profile');
  const card = balancesCard(benPage);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const line = card.getByRole('button', { name: `You owe ${ana.name} $6` });
  await expect(line).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(benPage);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'test-results/screens/balances-card-pot.png' });

  await line.click();
  const dialog = benPage.getByRole('dialog', { name: ana.name });
  await expect(dialog.getByText(`You owe ${ana.name} $6`)).toBeVisible();
  const potLink = dialog.getByRole('list', { name: 'Pot payments in this balance' }).getByRole('link');
  await expect(potLink).toHaveCount(1);
  await expect(potLink).toHaveAttribute('href', `/pots/${created.id}`);
  await expect(potLink).toContainText(question);
  await expect(dialog.getByRole('list', { name: 'Bets in this balance' }).getByRole('link')).toHaveCount(1);
  const venmo = new URL((await dialog.getByRole('link', { name: 'Pay with Venmo' }).getAttribute('href')) ?? '');
  expect(venmo.searchParams.get('amount')).toBe('6');
  expect(venmo.searchParams.get('note')).toBe('Sidepot: 2 bets');
  await saveScreen(benPage, 'balance-dialog-pot', { fullPage: false });
  await dialog.getByRole('button', { name: 'Mark All Paid' }).click();
  await expectToastAndClose(benPage, 'Payment Marked as Sent', `Waiting for ${ana.name} to confirm receipt.`);
  await expect(card.getByText('All settled up')).toBeVisible();

  // On the pot page Ben's payment is paid, and Ana confirms it with the settlement, not singly.
  const anaPage = await ana.newPage();
  await anaPage.goto(`/pots/${created.id}`);
  const payments = anaPage.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText(`${ben.name} pays ${ana.name} $10`)).toBeVisible({ timeout: 30_000 });
  await expect(payments.getByRole('listitem').filter({ hasText: ben.name })).toContainText('Paid');
  // Ben's is confirmed with the settlement; Cal has not paid: nothing to confirm here.
  await expect(payments.getByRole('button', { name: 'Confirm Payment Received' })).toHaveCount(0);
  await anaPage.goto('/profile');
  const anaCard = balancesCard(anaPage);
  await expect(anaCard.getByText(`${ben.name} marked $6 as paid for 2 bets.`)).toBeVisible({ timeout: 30_000 });
  await anaCard.getByRole('button', { name: 'Confirm All Received' }).click();
  await expectToastAndClose(anaPage, 'Payment Confirmed', 'The bets have been settled!');
  const pot = await ana.api.get<Pot>(`/api/pots/${created.id}`);
  expect(pot.payments.find((payment) => payment.payer.id === ben.id)).toMatchObject({ confirmed: true, settled: true });
  await anaPage.goto(`/pots/${created.id}`);
  await saveScreen(anaPage, 'pot-settled-payment');
});
