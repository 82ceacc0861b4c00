import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { groupBalancesHandlers, worker, type GroupBalancesBody } from '#web/testing/msw.ts';
import { me } from '#web/testing/factories.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { GroupTabs } from './group-tabs.tsx';

const person = (id: string, name: string) => ({ id, name, image: null });
const alex = person('alex', 'Alex Rivera');
const blake = person('blake', 'Blake Kim');
const morgan = person(me.id, me.name);
const version = '0123456789abcdef0123456789abcdef';

const open: GroupBalancesBody = {
  version,
  roundId: null,
  nets: [
    { user: blake, net: 7 },
    { user: alex, net: -2 },
    { user: morgan, net: -5 },
  ],
  debts: [
    { from: morgan, to: alex, amount: 5 },
    { from: alex, to: blake, amount: 7 },
  ],
  payments: [
    {
      from: morgan,
      to: blake,
      amount: 5,
      payTo: { venmoHandle: 'blake-k', cashtag: '$blakek', paypalMe: null },
      settlement: null,
    },
    { from: alex, to: blake, amount: 2, payTo: null, settlement: null },
  ],
};

async function openBalances() {
  await renderScreen(<GroupTabs groupId="g1" viewerId={me.id} renderStartPot={() => null} />);
  await page.getByRole('tab', { name: 'Balances' }).click();
}

test('Simplify Debts: the nets, who owes whom, and the payer’s pay links and Mark Paid sending the version it saw', async () => {
  const calls = { marked: [] as unknown[], confirmed: [] as string[] };
  worker.use(...groupBalancesHandlers('g1', open, calls));
  await openBalances();
  await expect.element(page.getByRole('heading', { name: 'Simplify Debts' })).toBeVisible();
  await expect.element(page.getByText('+$7')).toBeVisible();
  await expect.element(page.getByText('Alex Rivera owes Blake Kim $7')).toBeVisible();

  const mine = page.getByRole('listitem', { name: 'You pay Blake Kim $5' });
  await expect
    .element(mine.getByRole('link', { name: 'Pay with Venmo' }))
    .toHaveAttribute('href', 'https://venmo.com/blake-k?txn=pay&amount=5&note=Sidepot%20group%20settle-up');
  await expect
    .element(mine.getByRole('link', { name: 'Pay with Cash App' }))
    .toHaveAttribute('href', 'https://cash.app/$blakek/5');
  // Someone else's payment: no pay links and nothing to mark for the viewer.
  const theirs = page.getByRole('listitem', { name: 'Alex Rivera pays Blake Kim $2' });
  await expect.element(theirs).toBeVisible();
  expect(theirs.getByRole('button', { name: 'Mark Paid' }).elements()).toHaveLength(0);

  await mine.getByRole('button', { name: 'Mark Paid' }).click();
  await expect.element(page.getByText('Payment Marked as Sent')).toBeVisible();
  expect(calls.marked).toEqual([{ payeeId: 'blake', amount: 5, version }]);
});

test('the payee of a marked simplified payment confirms it with Confirm Payment Received', async () => {
  const calls = { marked: [] as unknown[], confirmed: [] as string[] };
  const owedToMe: GroupBalancesBody = {
    ...open,
    roundId: 'round-1',
    payments: [
      { from: alex, to: morgan, amount: 5, payTo: null, settlement: { id: 's-9', confirmed: false } },
    ],
  };
  worker.use(...groupBalancesHandlers('g1', owedToMe, calls));
  await openBalances();
  const line = page.getByRole('listitem', { name: 'Alex Rivera pays you $5' });
  await expect.element(line.getByText('Marked paid, waiting for confirmation')).toBeVisible();
  await line.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expect.element(page.getByText('Payment Confirmed')).toBeVisible();
  expect(calls.confirmed).toEqual(['s-9']);
});

test('nothing to simplify: All settled up under Simplify Debts', async () => {
  worker.use(
    ...groupBalancesHandlers('g1', { ...open, nets: [{ user: morgan, net: 0 }], debts: [], payments: [] }),
  );
  await openBalances();
  await expect.element(page.getByText('All settled up.')).toBeVisible();
  await expect.element(page.getByText('$0')).toBeVisible();
});
