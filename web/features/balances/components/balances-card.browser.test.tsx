import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { BalanceDetail, Balances, Settlement } from '#domain/balances.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { BalancesCard } from './balances-card.tsx';

const sam = { id: 'sam', name: 'Sam Lee', username: 'samlee', image: null, venmoHandle: 'sam-pays' };
const line: Balances['items'][number] = {
  friend: sam,
  payTo: { venmoHandle: 'sam-pays', cashtag: '$samlee', paypalMe: null },
  net: -20,
  betCount: 1,
  pendingSettlement: null,
  reminder: null,
};
const detail: BalanceDetail = {
  ...line,
  bets: [],
  potPayments: [
    {
      id: '7f3a2b1c-0000-4000-8000-000000000001',
      potId: 'pot-1',
      question: 'Who wins the office pool?',
      amount: 20,
      direction: 'i_owe',
      decidedAt: '2026-11-26T12:00:00.000Z',
    },
  ],
};

test('a balance from a pot: the line, its pot in the dialog, the pay links and Mark All Paid covering the pot payment', async () => {
  const settled: unknown[] = [];
  worker.use(
    http.get('/api/balances', () => HttpResponse.json<Balances>({ items: [line] })),
    http.get('/api/balances/sam', () => HttpResponse.json<BalanceDetail>(detail)),
    http.post('/api/balances/sam/settle', async ({ request }) => {
      settled.push(await request.json());
      return HttpResponse.json<Settlement>(
        {
          id: 's1',
          payerId: 'me',
          payeeId: 'sam',
          amount: 20,
          betCount: 1,
          markedAt: '2026-11-27T00:00:00.000Z',
          confirmedAt: null,
        },
        { status: 201 },
      );
    }),
  );
  await renderScreen(<BalancesCard />);
  await page.getByRole('button', { name: 'You owe Sam Lee $20' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sam Lee' });
  const potLink = dialog.getByRole('link', { name: /Who wins the office pool\?/ });
  await expect.element(potLink).toHaveAttribute('href', '/pots/pot-1');
  await expect.element(potLink).toHaveTextContent('−$20');
  await expect
    .element(dialog.getByRole('link', { name: 'Pay with Venmo' }))
    .toHaveAttribute('href', 'https://venmo.com/sam-pays?txn=pay&amount=20&note=Sidepot%3A%201%20bet');
  await expect
    .element(dialog.getByRole('link', { name: 'Pay with Cash App' }))
    .toHaveAttribute('href', 'https://cash.app/$samlee/20');

  await dialog.getByRole('button', { name: 'Mark All Paid' }).click();
  await expect.element(page.getByText('Payment Marked as Sent')).toBeVisible();
  expect(settled).toEqual([{ betIds: [], potPaymentIds: ['7f3a2b1c-0000-4000-8000-000000000001'] }]);
});
