import path from 'node:path';
import { betCard, friendOption } from './bet-pages.ts';
import { holdScripts } from './hold-scripts.ts';
import { expect, expectToastAndClose, SCREENS_DIR, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * Signed in, /home, /feed and /profile arrive as HTML with the screen and its user's data in it (ADR 067), and
 * React hydrates that markup. The console guard fails any test here on a hydration error (web/main.tsx sends
 * onRecoverableError to console.error).
 */

test('without JavaScript, /feed, /profile and /home show the signed-in screens with their data (the profile without its bet lists)', async ({
  browser,
  poolUser,
}) => {
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);
  const bet = { description: 'Jon runs a 10k before June', amount: 10 };
  await placeBet(ivy, jon, bet);
  const cookies = await (await ivy.newPage()).context().cookies();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();

  await page.goto('/feed');
  await expect(page).toHaveTitle('Feed · Sidepot');
  await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible();
  await expect(betCard(page, ivy, jon, bet.description)).toContainText('Pending');
  if (!process.env.CI) await page.screenshot({ path: path.join(SCREENS_DIR, 'rendered-feed-no-js.png') });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: ivy.name })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Friends' })).toBeVisible();
  // The bet lists are the app's alone (their code loads after the first screen).
  await expect(page.getByRole('status', { name: 'Loading bets' })).toBeVisible();
  if (!process.env.CI)
    await page.screenshot({ path: path.join(SCREENS_DIR, 'rendered-profile-no-js.png'), fullPage: true });

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Place a Bet' })).toBeVisible();
  await expect(page.getByLabel("What's the bet?")).toBeVisible();
  if (!process.env.CI) await page.screenshot({ path: path.join(SCREENS_DIR, 'rendered-home-no-js.png') });
  await context.close();
});

test('the rendered /feed hydrates without an error and works: a like counts', async ({ poolUser }) => {
  const [ivy, jon] = [await poolUser(), await poolUser()];
  await befriend(ivy, jon);
  const bet = { description: 'Ivy learns to juggle three balls', amount: 5 };
  await placeBet(ivy, jon, bet);
  const page = await jon.newPage();
  const response = await page.goto('/feed');
  expect(await response?.text()).toContain(bet.description);
  const card = betCard(page, ivy, jon, bet.description);
  const liked = page.waitForResponse(
    (answer) => answer.request().method() !== 'GET' && new URL(answer.url()).pathname.endsWith('/like'),
  );
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  expect((await liked).ok()).toBe(true);
  await page.reload();
  await expect(
    betCard(page, ivy, jon, bet.description).getByRole('button', { name: 'Like' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('a bet typed into the rendered /home before the app ran is the one placed', async ({ poolUser }) => {
  const [max, ned] = [await poolUser(), await poolUser()];
  await befriend(max, ned);
  const page = await max.newPage();
  const release = await holdScripts(page);
  await page.goto('/home', { waitUntil: 'commit' });
  const description = 'Ned finishes the crossword by noon';
  await page.getByLabel("What's the bet?").fill(description);
  release();
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await expect(page.getByLabel("What's the bet?")).toHaveValue(description);
  await page.getByRole('combobox', { name: /^Friend/ }).click();
  await page.getByPlaceholder('Search friends...').fill(ned.username);
  await friendOption(page, ned).click();
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await page.getByRole('button', { name: 'Place Bet' }).click();
  await expectToastAndClose(page, 'Bet Placed!');
  await expect(betCard(page, max, ned, description)).toContainText('Pending');
});
