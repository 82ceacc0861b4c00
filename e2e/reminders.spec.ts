import type { Page } from '@playwright/test';
import { activitySentence } from '../domain/notifications.ts';
import { betCard, saveCardScreen, section } from './bet-pages.ts';
import { expect as baseExpect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, wonBet } from './scenario.ts';

// These journeys run while other suites share the machine: allow slow first paints.
const expect = baseExpect.configure({ timeout: 20_000 });

const balancesCard = (page: Page) => page.getByRole('region', { name: 'Balances' });

/* ADR 028: the winner of an unpaid bet reminds the loser. */

test('send a reminder: the winner sends it, the button reads sent and disabled, the loser sees the line', async ({ poolUser }) => {
  test.slow();
  const [eve, finn] = [await poolUser(), await poolUser()];
  await befriend(eve, finn);
  const terms = { description: 'Finn is on time for brunch', amount: 15 };
  const betId = await wonBet(eve, finn, eve, terms);

  const evePage = await eve.newPage();
  await evePage.goto('/profile');
  const card = betCard(section(evePage, 'Past Bets'), eve, finn, terms.description);
  const send = card.getByRole('button', { name: 'Send Reminder' });
  await expect(send).toBeEnabled({ timeout: 30_000 });
  // The balance line offers one too.
  await expect(balancesCard(evePage).getByRole('button', { name: `Send Reminder to ${finn.name}` })).toBeEnabled();
  await expectNoHorizontalScroll(evePage);
  await saveCardScreen(card, 'bet-send-reminder-390');

  await send.click();
  await expectToastAndClose(evePage, 'Reminder sent', `We let ${finn.name} know.`);
  const sent = card.getByRole('button', { name: 'Reminder sent' });
  await expect(sent).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  await saveCardScreen(card, 'bet-reminder-sent-390');
  // The balance counts that bet: its reminder waits too.
  const balanceSent = balancesCard(evePage).getByRole('button', { name: `Reminder sent to ${finn.name}` });
  await expect(balanceSent).toBeDisabled();
  await saveCardScreen(balancesCard(evePage), 'balance-reminder-sent-390');
  await balancesCard(evePage).getByRole('button', { name: `${finn.name} owes you $15` }).click();
  const dialog = evePage.getByRole('dialog', { name: finn.name });
  await expect(dialog.getByRole('button', { name: `Reminder sent to ${finn.name}` })).toBeDisabled();
  await saveScreen(evePage, 'balance-dialog-reminder-sent-390', { fullPage: false });
  // The bet page says the same: the server decides, every screen shows it.
  await evePage.goto(`/bets/${betId}`);
  await expect(evePage.getByRole('button', { name: 'Reminder sent' })).toBeDisabled();

  const finnPage = await finn.newPage();
  await finnPage.goto('/activity');
  const line = activitySentence(
    { type: 'payment_reminder', actor: { id: eve.id, name: eve.name, image: null }, data: { amount: terms.amount } },
    finn.id,
  );
  expect(line).toBe(`${eve.name} reminded you about $15`);
  await expect(finnPage.getByRole('link', { name: new RegExp(line.replace(/\$/g, '\\$')) })).toHaveAttribute('href', `/bets/${betId}`);
  await saveScreen(finnPage, 'activity-payment-reminder-390');
});
