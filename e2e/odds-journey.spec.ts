import { randomBytes } from 'node:crypto';
import { expect, expectToastAndClose, saveScreen, test, type Actor } from './fixtures.ts';
import { friendOption, openLive, payThroughCashApp } from './bet-pages.ts';
import { befriend } from './scenario.ts';

/*
 * An odds bet with one counter, from Place Bet to 'Payment Complete' (issue 28; ADR 062, 066): Ana gives
 * odds ($20 vs $10), Ben counters ($15 vs $10), Ana takes his counter, Ben loses and pays what he risked
 * ($10, not Ana's $15) through the Cash App link to Ana's $cashtag, marks it paid, and Ana confirms.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The winner's Cash App $cashtag, set on her profile before the test (Edit Profile's own test is pay-apps). */
async function giveCashtag(user: Actor, cashtag: string): Promise<void> {
  const response = await user.api.request.fetch('/api/profile', {
    method: 'PATCH',
    data: {
      name: user.name,
      username: user.username,
      phone: user.phone,
      venmoHandle: user.venmoHandle,
      cashtag: `$${cashtag}`,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an odds bet countered, accepted, lost and paid with the Cash App link to Payment Complete', async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const suffix = randomBytes(4).toString('hex');
  const cashtag = `Ana_${suffix}`;
  await giveCashtag(ana, cashtag);
  const description = `Ben makes 7 of 10 free throws ${suffix}`;

  // Ana places the bet giving odds: she risks $20 against Ben's $10.
  const anaPage = await ana.newPage();
  await openLive(anaPage, '/home');
  await anaPage.getByLabel("What's the bet?").fill(description);
  await anaPage.getByRole('combobox', { name: /^Friend/ }).click();
  await friendOption(anaPage, ben).click();
  await anaPage.getByRole('tab', { name: 'Give Odds' }).click();
  await anaPage.getByLabel('You risk').fill('20');
  await anaPage.getByLabel('They risk').fill('10');
  await saveScreen(anaPage, 'odds-place-bet');
  await anaPage.getByRole('button', { name: 'Place Bet', exact: true }).click();
  await expectToastAndClose(anaPage, 'Bet Placed!', `Your bet with ${ben.name} has been placed.`);
  const mine = await ana.api.get<{ pending: { items: { id: string; description: string }[] } }>(
    '/api/bets/mine',
  );
  const betId = mine.pending.items.find((item) => item.description === description)?.id ?? '';
  expect(betId).not.toBe('');

  // Ben sees the offer as the card shows it, and the Accept dialog tells him what he risks.
  const benPage = await ben.newPage();
  await openLive(benPage, `/bets/${betId}`);
  const benCard = benPage.getByRole('article');
  await expect(benCard.getByText('$20 vs $10', { exact: true })).toBeVisible({ timeout: 30_000 });
  await benPage.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = benPage.getByRole('dialog', { name: 'Accept Bet' });
  await expect(
    accept.getByText(`${ana.name} bets you $20 vs $10: ${description}`, { exact: true }),
  ).toBeVisible();
  await expect(accept.getByText('You risk $10 to win $20.', { exact: true })).toBeVisible();
  await saveScreen(benPage, 'odds-accept-dialog', { fullPage: false });
  await accept.getByRole('button', { name: 'Cancel' }).click();
  await expect(accept).toBeHidden();

  // He counters instead: $15 against his $10.
  await benPage.getByRole('button', { name: 'Counter', exact: true }).click();
  const counter = benPage.getByRole('dialog', { name: 'Counter this bet' });
  await expect(counter.getByRole('tab', { name: 'Give Odds' })).toHaveAttribute('aria-selected', 'true');
  await expect(counter.getByLabel('You risk')).toHaveValue('10');
  await expect(counter.getByLabel('They risk')).toHaveValue('20');
  await counter.getByLabel('They risk').fill('15');
  await counter.getByLabel('Note (optional)').fill('Make it $15 and you are on');
  await saveScreen(benPage, 'odds-counter-dialog', { fullPage: false });
  await counter.getByRole('button', { name: 'Send Counter' }).click();
  await expectToastAndClose(benPage, 'Counter sent', 'The bet now waits on their answer.');
  await expect(benPage.getByText(`Waiting for ${ana.name} to accept`)).toBeVisible();
  await expect(benCard.getByText('$15 vs $10', { exact: true })).toBeVisible();

  // Ana sees the counter listed on the bet page and takes it.
  await anaPage.goto(`/bets/${betId}`);
  const counters = anaPage.getByRole('list', { name: 'Counters' });
  await expect(counters.getByText(`${ben.name} countered: $15 vs $10`)).toBeVisible({ timeout: 30_000 });
  await expect(counters.getByText('Make it $15 and you are on', { exact: true })).toBeVisible();
  await expect(anaPage.getByRole('article').getByText('$15 vs $10', { exact: true })).toBeVisible();
  await saveScreen(anaPage, 'odds-bet-page-counters');
  await anaPage.getByRole('button', { name: 'Accept Counter' }).click();
  await expectToastAndClose(anaPage, 'Bet accepted', 'The bet is now active!');
  await expect(anaPage.getByRole('button', { name: 'I Won' })).toBeVisible();

  // Ben loses; he owes what he risked, $10.
  await benPage.goto(`/bets/${betId}`);
  await benPage.getByRole('button', { name: 'I Lost' }).click();
  await expectToastAndClose(benPage, 'Bet resolved', 'You marked this bet as lost!');
  await expect(benPage.getByText(`You owe ${ana.name} $10.`, { exact: true })).toBeVisible();
  await expect(benPage.getByRole('link', { name: 'Pay with Cash App' })).toBeVisible();
  await saveScreen(benPage, 'odds-pay-with-cash-app');
  // The link opens Cash App's page for Ana and Ben's $10.
  await payThroughCashApp(benPage, `https://cash.app/$${cashtag}/10`);
  await benPage.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToastAndClose(benPage, 'Payment Marked as Sent', 'Waiting for the winner to confirm receipt.');

  // Ana confirms: both see 'Payment Complete'.
  await anaPage.goto(`/bets/${betId}`);
  await anaPage.getByRole('button', { name: 'Confirm Payment Received' }).click();
  await expectToastAndClose(anaPage, 'Payment Confirmed', 'The bet has been settled!');
  await expect(anaPage.getByText('Payment Complete')).toBeVisible();
  await expect(benPage.getByText('Payment Complete')).toBeVisible();

  // The history tells it with the stakes: Ana's offer, the agreed terms, and Ben's $10 payment.
  // Each line: the actor's avatar (initials), what they did, and when.
  const line = (text: string) => new RegExp(`${escapeRegExp(text)} · now$`);
  await expect(anaPage.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveText([
    line('You placed the bet for $20 vs $10'),
    line('You accepted: $15 vs $10'),
    line(`${ben.name} said 'I Lost': You win`),
    line(`${ben.name} marked $10 as paid`),
    line('You confirmed the payment'),
  ]);
  await saveScreen(anaPage, 'odds-bet-page-complete');
});
