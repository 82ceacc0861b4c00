import { openLive } from './bet-pages.ts';
import { expect, expectNoHorizontalScroll, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/*
 * The bet page tells the bet's story: a way back, a 'History' of every step with who and when,
 * and the comments with the box to add one, on the page rather than in a dialog.
 */

test("the bet page has a back link, the bet's history in order, and its comments inline", async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const terms = { description: 'Ben finishes the marathon under four hours', amount: 15 };
  const betId = await placeBet(ana, ben, terms);
  await ben.api.post(`/api/bets/${betId}/accept`, { prediction: 'Easy money' });
  await ana.api.post(`/api/bets/${betId}/void`);
  await ana.api.delete(`/api/bets/${betId}/void`);
  await ben.api.post(`/api/bets/${betId}/void`);
  await ana.api.post(`/api/bets/${betId}/keep`);
  await ben.api.post(`/api/bets/${betId}/resolve`, { outcome: 'won' });
  await ana.api.post(`/api/bets/${betId}/payment-sent`);

  const page = await ben.newPage();
  await openLive(page, '/feed');
  await page.getByRole('link', { name: terms.description }).click();
  await expect(page).toHaveURL(new RegExp(`/bets/${betId}$`));

  const history = page.getByRole('list', { name: 'History' });
  // Each line: the actor's avatar (initials here), what they did, and when.
  const line = (text: string) => new RegExp(`${escapeRegExp(text)}$`);
  await expect(history.getByRole('listitem')).toHaveText([
    line(`${ana.name} placed the bet for $15 · now`),
    line('You accepted · nowEasy money'),
    line(`${ana.name} asked to void · now`),
    // Withdrawing writes no inbox line: the page knows it happened, not when.
    line(`${ana.name} withdrew the void request`),
    line('You asked to void · now'),
    line(`${ana.name} kept the bet on · now`),
    line("You said 'I Won' · now"),
    line(`${ana.name} marked $15 as paid · now`),
  ]);
  await expect(history.getByRole('blockquote')).toHaveText('Easy money');

  // Comments are on the page, with the box; the card's comment button leads to it.
  const comments = page.getByRole('region', { name: 'Comment thread' });
  await expect(comments.getByText('Easy money', { exact: true })).toBeVisible();
  await page.getByRole('article').getByRole('button', { name: 'Comments' }).click();
  const input = page.getByPlaceholder('Add a comment...');
  await expect(input).toBeFocused();
  await input.fill('Pay up, Ana');
  await input.press('Enter');
  await expectToastAndClose(page, 'Comment added');
  await expect(comments.getByText('Pay up, Ana', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'bet-page-history', { fullPage: true });

  // Back returns to where the page was opened from.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/feed$/);

  // Opened from outside the app, Back goes to the feed.
  await page.goto(`/bets/${betId}`);
  await expect(history.getByRole('listitem')).toHaveCount(8);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/feed$/);
});
