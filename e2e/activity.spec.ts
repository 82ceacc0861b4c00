import type { Page } from '@playwright/test';
import { openLive } from './bet-pages.ts';
import { expect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * The activity inbox and the bet page: the bell
 * counts what is new, 'Waiting on You' answers a bet and confirms a payment in
 * place, every line leads to the bet page, and the bet page is the deep link
 * that only the bet's viewers can open.
 */

const bell = (page: Page) => page.getByRole('link', { name: 'Activity', exact: true });
const waitingSection = (page: Page) => page.getByRole('region', { name: 'Waiting on You' });
const activityLines = (page: Page) => page.getByRole('list', { name: 'Activity' });

test('the inbox answers a bet and confirms a payment in place; its lines and cards lead to the bet page', async ({
  poolUser,
  consoleGuard,
}) => {
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const terms = { description: 'Ana finishes the marathon under 4 hours', amount: 15 };
  const betId = await placeBet(ana, ben, terms);

  // Ben sees the count on the bell: Ana's bet (their friendship is older, its lines were read).
  const benPage = await ben.newPage();
  await openLive(benPage, '/feed');
  await expect(bell(benPage)).toBeVisible();
  await expect(benPage.getByTestId('activity-badge')).toHaveText('1');
  await expect(bell(benPage)).toHaveAccessibleDescription('1 unread');
  await bell(benPage).click();
  await expect(benPage).toHaveURL(/\/activity$/);
  await expect(benPage.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();

  const waiting = waitingSection(benPage);
  await expect(waiting.getByRole('heading', { name: 'Waiting on You' })).toBeVisible();
  const waitingBet = waiting.getByRole('article', { name: terms.description });
  await expect(waitingBet.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await expect(waitingBet.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
  await expect(activityLines(benPage).getByRole('listitem')).toHaveText([
    new RegExp(`${ana.name} challenged you: ${terms.description}`),
    new RegExp(`${ana.name} sent you a friend request`),
  ]);
  await expect(activityLines(benPage).getByRole('img', { name: 'Unread' })).toHaveCount(1);
  await saveScreen(benPage, 'activity-waiting');

  // Accept opens the prediction dialog, then the spec's toast.
  await waitingBet.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = benPage.getByRole('dialog', { name: 'Accept Bet' });
  await dialog.getByLabel('Share your prediction before accepting this bet:').fill('Easy money');
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  // The card and its list are gone with 'Accept': focus goes to the screen's main, not <body>.
  await expect(benPage.getByRole('main')).toBeFocused();
  await expectToastAndClose(benPage, 'Bet accepted', 'The bet is now active!');
  await expect(waiting).toHaveCount(0);

  // Ana loses and pays; Ben's open inbox shows it live and offers the confirmation.
  await ana.api.post(`/api/bets/${betId}/resolve`, { outcome: 'lost' });
  await ana.api.post(`/api/bets/${betId}/payment-sent`);
  const confirm = waitingSection(benPage).getByRole('button', { name: 'Confirm Payment Received' });
  await expect(confirm).toBeVisible();
  await expect(activityLines(benPage).getByRole('listitem').first()).toHaveText(
    new RegExp(`${ana.name} marked \\$15 as paid`),
  );
  await expect(
    activityLines(benPage).getByText(`You won: ${terms.description}`, { exact: true }),
  ).toBeVisible();
  await saveScreen(benPage, 'activity-full');
  await confirm.click();
  await expectToastAndClose(benPage, 'Payment Confirmed', 'The bet has been settled!');
  await expect(waitingSection(benPage)).toHaveCount(0);

  // A line leads to the bet page: the feed card, settled.
  await activityLines(benPage).getByText(`You won: ${terms.description}`, { exact: true }).click();
  await expect(benPage).toHaveURL(new RegExp(`/bets/${betId}$`));
  const card = benPage.getByRole('article');
  await expect(card.getByText(terms.description, { exact: true })).toBeVisible();
  await expect(card.getByText(`${ben.name} won`, { exact: true })).toBeVisible();
  await expect(card.getByText('Payment Complete', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Like' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Comments' })).toBeVisible();
  await expectNoHorizontalScroll(benPage);
  await saveScreen(benPage, 'bet-page');

  // The bell has nothing new for Ben now.
  await benPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(bell(benPage)).toBeVisible();
  await expect(benPage.getByTestId('activity-badge')).toHaveCount(0);

  // Ana's feed card: the description is the link to the same page, with her view of it.
  const anaPage = await ana.newPage();
  await openLive(anaPage, '/feed');
  await anaPage.getByRole('link', { name: terms.description }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/bets/${betId}$`));
  await expect(anaPage.getByRole('article').getByText(`${ben.name} won`, { exact: true })).toBeVisible();

  // Cal is nobody's friend: the page does not exist for him, and his inbox is empty.
  consoleGuard.allow(/status of 404/);
  const calPage = await cal.newPage();
  await openLive(calPage, `/bets/${betId}`);
  await expect(calPage.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(calPage.getByText(terms.description)).toHaveCount(0);
  await calPage.goto('/activity');
  await expect(calPage.getByText('No activity yet', { exact: true })).toBeVisible();
  await saveScreen(calPage, 'activity-empty');
});

test('the bet page is protected: signed out it goes to /login and back; declined there, it says so', async ({
  poolUser,
  browser,
  baseURL,
  consoleGuard,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const terms = { description: 'Ben wins the chess rematch', amount: 5 };
  const betId = await placeBet(ana, ben, terms);

  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/bets/${betId}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(ben.email);
    await page.getByLabel('Password').fill(ben.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/bets/${betId}$`));
    const card = page.getByRole('article');
    await expect(card.getByText(terms.description, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();

    // Declining from the page deletes the bet: the page says so rather than turning into a 404.
    consoleGuard.allow(/status of 404/);
    await card.getByRole('button', { name: 'Decline', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Decline this bet?' }).getByRole('button', { name: 'Decline' }).click();
    await expectToastAndClose(page, 'Bet declined', 'The bet has been removed.');
    await expect(card.getByText('This bet no longer exists.', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
