import type { Page } from '@playwright/test';
import { openLive } from './bet-pages.ts';
import {
  expect,
  expectNoHorizontalScroll,
  expectToast,
  expectToastAndClose,
  ownAddressHeaders,
  saveScreen,
  submitSignUpAndOpenLink,
  test,
} from './fixtures.ts';

/*
 * Challenge links: a user with no friends makes a link
 * on Place Bet, someone who is nobody's friend takes it (prediction dialog,
 * 'Bet accepted') and it is an ordinary active bet; a new user signs up and
 * verifies through a link and lands back on it; a signed-out visitor signs
 * in through the link and comes back to it; the creator cancels one from the profile.
 */

type CreatedChallenge = { code: string; url: string };

const challengePath = (url: string) => new URL(url).pathname;

async function createThroughUi(page: Page, terms: { description: string; amount: number }): Promise<string> {
  await page.getByLabel("What's the bet?").fill(terms.description);
  await page.getByRole('button', { name: `$${terms.amount}`, exact: true }).click();
  await page.getByRole('button', { name: 'Create Challenge Link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Challenge Link' });
  await expect(dialog).toBeVisible();
  const link = (await dialog.getByText(/\/challenge\/[A-Za-z0-9_-]{22}$/).textContent()) ?? '';
  expect(link).toMatch(/^https?:\/\/[^/]+\/challenge\/[A-Za-z0-9_-]{22}$/);
  return link;
}

test('a user with no friends makes a challenge link and a stranger takes it: an active bet, and friends', async ({
  poolUser,
  browser,
  baseURL,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  const terms = { description: 'Ana climbs the wall faster than anyone', amount: 10 };

  const anaPage = await ana.newPage();
  await anaPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLive(anaPage, '/home');
  // Nobody to pick: the form says so above the picker, with 'Place Bet' off; the link is one tab away.
  await expect(anaPage.getByText('Add a friend to start betting.', { exact: true })).toBeVisible();
  await expect(anaPage.getByRole('button', { name: 'Place Bet', exact: true })).toBeDisabled();
  await anaPage.getByRole('tab', { name: 'Challenge by Link' }).click();
  // The usual bet rules apply.
  await anaPage.getByRole('button', { name: 'Create Challenge Link', exact: true }).click();
  await expectToastAndClose(anaPage, 'Missing Bet Description', "Please describe what you're betting on.");
  const link = await createThroughUi(anaPage, terms);
  const dialog = anaPage.getByRole('dialog', { name: 'Challenge Link' });
  await expect(dialog.getByRole('img', { name: 'QR code of the challenge link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy Link', exact: true }).click();
  // Under the open dialog the toast cannot be closed by hand; seeing it is enough.
  await expectToast(anaPage, 'Link copied');
  expect(await anaPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await saveScreen(anaPage, 'challenge-link-dialog-390', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A signed-out visitor sees who challenged them and the way in, nothing more.
  const context = await browser.newContext({ baseURL });
  try {
    const visitor = await context.newPage();
    await visitor.goto(challengePath(link));
    await expect(visitor.getByRole('heading', { name: `${ana.name} challenged you` })).toBeVisible();
    await expect(visitor.getByText(terms.description, { exact: true })).toBeVisible();
    await expect(visitor.getByText('$10', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Accept Challenge' })).toHaveCount(0);
    await expectNoHorizontalScroll(visitor);
    await saveScreen(visitor, 'challenge-signed-out-390');
  } finally {
    await context.close();
  }

  // The creator opening their own link.
  await anaPage.goto(challengePath(link));
  await expect(anaPage.getByText('This is your own challenge', { exact: true })).toBeVisible();
  await expect(anaPage.getByRole('button', { name: 'Accept Challenge' })).toHaveCount(0);

  // Ben, nobody's friend, takes it with a prediction.
  const benPage = await ben.newPage();
  await benPage.goto(challengePath(link));
  await expect(benPage.getByRole('heading', { name: `${ana.name} challenged you` })).toBeVisible();
  await expect(benPage.getByRole('button', { name: 'Decline', exact: true })).toBeVisible();
  await saveScreen(benPage, 'challenge-signed-in-390');
  await benPage.getByRole('button', { name: 'Accept Challenge', exact: true }).click();
  const accept = benPage.getByRole('dialog', { name: 'Accept Bet' });
  await accept.getByLabel('Share your prediction before accepting this bet:').fill('Not on my watch');
  await accept.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectToastAndClose(benPage, 'Bet accepted', 'The bet is now active!');
  await expect(benPage).toHaveURL(/\/bets\/[0-9a-f-]{36}$/);
  const card = benPage.getByRole('article');
  await expect(card.getByText(terms.description, { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'I Won' })).toBeVisible();

  // An ordinary active bet for both, and the two are friends now.
  const mine = await ana.api.get<{ active: { items: { description: string }[] } }>('/api/bets/mine');
  expect(mine.active.items.map((bet) => bet.description)).toEqual([terms.description]);
  const friends = await ana.api.get<{ items: { id: string }[] }>('/api/friends');
  expect(friends.items.map((friend) => friend.id)).toEqual([ben.id]);

  // The link is spent for everyone else.
  await anaPage.reload();
  await expect(anaPage.getByText('This challenge has already been taken.', { exact: true })).toBeVisible();

  // With a friend now, Place Bet offers both ways to pick the opponent.
  await anaPage.goto('/home');
  await expect(anaPage.getByRole('tab', { name: 'Pick a Friend' })).toHaveAttribute('aria-selected', 'true');
  await expect(anaPage.getByRole('button', { name: 'Place Bet', exact: true })).toBeVisible();
  await anaPage.getByRole('tab', { name: 'Challenge by Link' }).click();
  await expect(anaPage.getByRole('button', { name: 'Create Challenge Link', exact: true })).toBeVisible();
  await expect(anaPage.getByRole('combobox', { name: /^Friend/ })).toHaveCount(0);
});

test('signed out, Sign In on a challenge link comes back to it; the creator cancels another from the profile', async ({
  poolUser,
  browser,
  baseURL,
}) => {
  const [dee, eli] = [await poolUser(), await poolUser()];
  const first = await dee.api.post<CreatedChallenge>('/api/challenges', {
    description: 'Dee wins the bake-off',
    amount: 5,
  });
  const second = await dee.api.post<CreatedChallenge>('/api/challenges', {
    description: 'Dee runs 10k on Sunday',
    amount: 20,
  });

  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(challengePath(first.url));
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(eli.email);
    await page.getByLabel('Password').fill(eli.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/challenge/${first.code}$`));
    // Decline: Dee is told, and the link stays open for others.
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page.getByText('You declined this challenge.', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }

  const deePage = await dee.newPage();
  await openLive(deePage, '/profile');
  const open = deePage.getByRole('region', { name: /^Open Challenges/ });
  await expect(open.getByRole('listitem')).toHaveCount(2);
  await saveScreen(deePage, 'profile-open-challenges-390');
  const item = open.getByRole('listitem').filter({ hasText: 'Dee runs 10k on Sunday' });
  await item.getByRole('button', { name: 'Cancel Challenge' }).click();
  // It cannot be undone, so it asks first; keeping it changes nothing.
  const confirm = deePage.getByRole('alertdialog', { name: 'Cancel this challenge?' });
  await confirm.getByRole('button', { name: 'Keep Challenge' }).click();
  await expect(confirm).toBeHidden();
  await expect(open.getByRole('listitem')).toHaveCount(2);
  await item.getByRole('button', { name: 'Cancel Challenge' }).click();
  await confirm.getByRole('button', { name: 'Cancel Challenge' }).click();
  await expectToastAndClose(deePage, 'Challenge cancelled');
  await expect(open.getByRole('listitem')).toHaveCount(1);
  await deePage.goto(challengePath(second.url));
  await expect(deePage.getByText('This challenge was cancelled.', { exact: true })).toBeVisible();

  const activity = await dee.api.get<{ items: { type: string }[] }>('/api/activity');
  expect(activity.items.map((line) => line.type)).toEqual(['challenge_declined']);
});

test('a new user takes a challenge through Create Account and email verification, ending in an active bet', async ({
  poolUser,
  browser,
  baseURL,
  mailbox,
  uniqueUser,
}) => {
  test.setTimeout(60_000);
  const gus = await poolUser();
  const created = await gus.api.post<CreatedChallenge>('/api/challenges', {
    description: 'Gus eats the whole pizza alone',
    amount: 15,
  });
  const user = uniqueUser();

  // Its own client address: the suite's shared sign-up budget is already spent (see e2e/fixtures.ts).
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownAddressHeaders() });
  try {
    const page = await context.newPage();
    await page.goto(challengePath(created.url));
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await submitSignUpAndOpenLink(page, mailbox, user);
    await expect(page).toHaveURL(new RegExp(`/challenge/${created.code}$`));
    await expect(page.getByRole('heading', { name: `${gus.name} challenged you` })).toBeVisible();
    await page.getByRole('button', { name: 'Accept Challenge', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Accept Bet' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expectToastAndClose(page, 'Bet accepted', 'The bet is now active!');
    await expect(page).toHaveURL(/\/bets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('article').getByText('Active', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }

  const mine = await gus.api.get<{
    active: { items: { description: string; opponent: { name: string } }[] };
  }>('/api/bets/mine');
  expect(mine.active.items.map((bet) => [bet.description, bet.opponent.name])).toEqual([
    ['Gus eats the whole pizza alone', user.name],
  ]);
});
