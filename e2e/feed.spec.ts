import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, expectToast, saveScreen, test, type Actor } from './fixtures.ts';
import { befriend, placeBet, wonBet } from './scenario.ts';

/** The feed's card for the bet between `creator` and `opponent` described as `description`. */
function card(page: Page, creator: Actor, opponent: Actor, description: string): Locator {
  return page
    .getByRole('article', { name: `${creator.name} vs ${opponent.name}`, exact: true })
    .filter({ hasText: description });
}

test("a user's feed shows their and their friends' bets, with likes, comments and the weekly leaderboard", async ({
  poolUser,
}) => {
  // Ana is friends with Ben and Cal; Ben and Cal are not friends. Dev is Ben's friend, not Ana's.
  const [ana, ben, cal, dev] = [await poolUser(), await poolUser(), await poolUser(), await poolUser()];
  await befriend(ana, ben);
  await befriend(cal, ana);
  await befriend(ben, dev);

  // This week: Ana and Cal win 2 each, Ben 1; Dev wins 3, but only against Ben.
  const lakers = { description: 'Lakers cover the spread tonight', amount: 15, prediction: 'No chance' };
  const lakersId = await wonBet(ana, ben, ana, lakers);
  const rain = { description: 'It rains on Saturday', amount: 5 };
  const rainId = await wonBet(cal, ana, cal, rain);
  await wonBet(ana, cal, ana, { description: 'First to finish the crossword', amount: 10 });
  await wonBet(cal, ana, cal, { description: 'Pizza arrives in under 30 minutes', amount: 20 });
  await wonBet(ben, ana, ben, { description: 'Ben runs a sub-25 5k', amount: 1 });
  for (const description of ['Dev wins darts', 'Dev wins pool', 'Dev wins chess']) {
    await wonBet(dev, ben, dev, { description, amount: 3 });
  }
  // A friend's own bet is visible even with a stranger as opponent; a stranger's bet
  // against a friend is not (the spec's rule: the viewer is a party, or a friend created it).
  const visible = { description: 'Ben finishes the marathon', amount: 12 };
  await placeBet(ben, dev, visible);
  const hidden = { description: 'Dev learns to juggle', amount: 7 };
  await placeBet(dev, ben, hidden);
  // Someone else's like, so Ana's own like counts on top of it.
  await ben.api.put(`/api/bets/${lakersId}/like`);

  const page = await ana.newPage();
  await page.goto('/feed');
  await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
  const bets = page.getByRole('list', { name: 'Bets' }).getByRole('article');
  // Newest first: the visible bet between Ben and Dev, then the completed ones.
  await expect(bets).toHaveCount(6);
  await expect(bets.first()).toContainText(visible.description);
  await expect(bets.first()).toContainText('Pending');
  await expect(card(page, ben, dev, visible.description)).toContainText('$12');
  await expect(page.getByText(hidden.description)).toHaveCount(0);
  await expect(page.getByText('Dev wins darts')).toHaveCount(0);

  const lakersBet = card(page, ana, ben, lakers.description);
  await expect(lakersBet).toContainText('$15');
  await expect(lakersBet.getByRole('time')).toHaveText('now');
  await expect(lakersBet.getByText(`${ana.name} won`, { exact: true })).toBeVisible();
  const rainBet = card(page, cal, ana, rain.description);
  await expect(rainBet).toContainText('$5');
  await expect(rainBet.getByRole('time')).toHaveText('now');
  await expect(rainBet.getByText(`${cal.name} won`, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'feed-cards-390');

  // Like, unlike: the count moves, survives a reload, and reaches Ben's open feed live.
  // The toggle keeps one name ('Like'); its state is aria-pressed.
  const like = lakersBet.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleDescription('1 like');
  const benPage = await ben.newPage();
  // Ana may like before Ben's event stream is open: its first 'ready' tells what changed since his page
  // started (ADR 045).
  await benPage.goto('/feed');
  const benLike = card(benPage, ana, ben, lakers.description).getByRole('button', { name: 'Like', exact: true });
  await expect(benLike).toHaveAttribute('aria-pressed', 'true');
  await expect(benLike).toHaveAccessibleDescription('1 like');
  // The toggle is optimistic: wait for the server's answer before reloading.
  const saved = (method: 'PUT' | 'DELETE') =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/bets/${lakersId}/like`) && response.request().method() === method,
    );
  let answered = saved('PUT');
  await like.click();
  expect((await answered).ok()).toBe(true);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleDescription('2 likes');
  await expect(like).toHaveText('2');
  await expect(lakersBet.getByRole('button', { name: 'Unlike' })).toHaveCount(0);
  await expect(benLike).toHaveAccessibleDescription('2 likes');
  await page.reload();
  await expect(like).toHaveAccessibleDescription('2 likes');
  answered = saved('DELETE');
  await like.click();
  expect((await answered).ok()).toBe(true);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleDescription('1 like');
  await expect(benLike).toHaveAccessibleDescription('1 like');
  await benPage.close();
  await page.reload();
  await expect(like).toHaveAccessibleDescription('1 like');

  // The prediction Ben gave on accepting is the bet's first comment.
  await expect(lakersBet.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('1 comment');
  await lakersBet.getByRole('button', { name: 'Comments' }).click();
  let comments = page.getByRole('dialog', { name: 'Comments' });
  const thread = comments.getByRole('region', { name: 'Comment thread' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem')).toContainText(ben.name);
  await expect(thread.getByRole('listitem')).toContainText(lakers.prediction);
  await page.keyboard.press('Escape');
  await expect(comments).toBeHidden();

  // A comment sent with Enter.
  await expect(rainBet.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('0 comments');
  await rainBet.getByRole('button', { name: 'Comments' }).click();
  comments = page.getByRole('dialog', { name: 'Comments' });
  await expect(comments.getByText('No comments yet. Be the first!', { exact: true })).toBeVisible();
  const send = comments.getByRole('button', { name: 'Send comment' });
  const input = comments.getByPlaceholder('Add a comment...');
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.fill('Bring an umbrella, Cal');
  await expect(send).toBeEnabled();
  await saveScreen(page, 'comments-empty-390', { fullPage: false });
  await input.press('Enter');
  await expectToast(page, 'Comment added');
  const comment = thread.getByRole('listitem');
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText(ana.name);
  await expect(comment.getByRole('time')).toHaveText('now');
  await expect(comment).toContainText('Bring an umbrella, Cal');
  await expect(input).toHaveValue('');
  await expect(send).toBeDisabled();
  await saveScreen(page, 'comments-dialog-390', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(comments).toBeHidden();
  await expect(rainBet.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('1 comment');
  // The server subscribes a stream before answering it, so once its response is in, no event is missed.
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.reload();
  await expect(rainBet.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('1 comment');
  await stream;

  // A friend's comment reaches the open feed live, without a reload.
  await cal.api.post(`/api/bets/${rainId}/comments`, { text: 'It will be sunny' });
  await expect(rainBet.getByRole('button', { name: 'Comments' })).toHaveAccessibleDescription('2 comments');

  // The week's leaders among Ana and her friends: a tie shares first place, the next is third.
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page.getByText('Weekly Leaders', { exact: true })).toBeVisible();
  await expect(page.getByText('Most wins this week', { exact: true })).toBeVisible();
  const [first, second] = [ana, cal].sort((a, b) => (a.name < b.name ? -1 : 1)) as [Actor, Actor];
  const leaders = page.getByRole('list', { name: 'Weekly Leaders' }).getByRole('listitem');
  await expect(leaders).toHaveCount(3);
  const expected = [leaderRow(1, first, 2), leaderRow(1, second, 2), leaderRow(3, ben, 1)];
  for (const [index, row] of expected.entries()) {
    await expect(leaders.nth(index).getByRole('button')).toHaveAccessibleName(row);
  }
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'leaderboard-390');
});

test('a new user sees the empty feed and leaderboard until a bet is completed', async ({ poolUser }) => {
  const [eve, fay] = [await poolUser(), await poolUser()];
  const page = await eve.newPage();
  await page.goto('/feed');
  await expect(page.getByText('No bets yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Place your first bet to see the feed!', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page.getByText('No winners yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Complete some bets to see the leaderboard!', { exact: true })).toBeVisible();
  await saveScreen(page, 'leaderboard-empty-390');

  // A pending bet fills the feed but makes no winner.
  await befriend(eve, fay);
  await placeBet(fay, eve, { description: 'Fay bakes sourdough', amount: 20 });
  await page.reload();
  await expect(page.getByText('No winners yet', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Feed' }).click();
  const pending = card(page, fay, eve, 'Fay bakes sourdough');
  await expect(pending).toContainText('$20');
  await expect(pending).toContainText('Pending');
  await expect(pending.getByText(/ won$/)).toHaveCount(0);
});

/** A leaderboard row's accessible name: 'Rank', rank, name, @username and wins (the avatar is hidden). */
function leaderRow(rank: number, user: Actor, wins: number): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^Rank ${rank}\\s*${escape(user.name)}\\s*@${escape(user.username)}\\s*${wins} ${wins === 1 ? 'win' : 'wins'}$`,
  );
}

test("the feed's tabs follow the arrow keys, Home and End, and only the selected tab is in the Tab order", async ({
  poolUser,
}) => {
  const eve = await poolUser();
  const page = await eve.newPage();
  await page.goto('/feed');
  const feedTab = page.getByRole('tab', { name: 'Feed' });
  const leaderboardTab = page.getByRole('tab', { name: 'Leaderboard' });
  await expect(feedTab).toHaveAttribute('aria-selected', 'true');
  await expect(feedTab).toHaveAttribute('tabindex', '0');
  await expect(leaderboardTab).toHaveAttribute('tabindex', '-1');
  await feedTab.focus();

  // Automatic activation: moving to a tab selects it and shows its panel (and the URL says so).
  await page.keyboard.press('ArrowRight');
  await expect(leaderboardTab).toBeFocused();
  await expect(leaderboardTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Leaderboard' })).toContainText('No winners yet');
  await expect(page).toHaveURL(/\?tab=leaderboard$/);
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  // The row wraps around, and Home / End reach its ends.
  await page.keyboard.press('ArrowRight');
  await expect(feedTab).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Feed' })).toContainText('No bets yet');
  await page.keyboard.press('End');
  await expect(leaderboardTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(feedTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(leaderboardTab).toBeFocused();
  await expect(feedTab).toHaveAttribute('tabindex', '-1');
});
