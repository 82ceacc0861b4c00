import type { Locator, Page } from '@playwright/test';
import { betCard, friendOption, goToProfile, openLive, section } from './bet-pages.ts';
import { expect, expectToast, expectToastAndClose, saveScreen, test, toast, type Actor } from './fixtures.ts';
import { befriend, placeBet, wonBet } from './scenario.ts';

/*
 * The spec gaps and small defects found by
 * trying the product. One journey per point (or per screen the points share).
 */

const placeBetButton = (page: Page) => page.getByRole('button', { name: 'Place Bet', exact: true });
const descriptionField = (page: Page) => page.getByLabel("What's the bet?");
const friendPicker = (page: Page) => page.getByRole('combobox', { name: /^Friend/ });

async function pickFriend(page: Page, friend: Actor): Promise<void> {
  await friendPicker(page).click();
  await friendOption(page, friend).click();
}

/** The toasts sonner shows (at most its `visibleToasts`); older ones wait hidden. */
const shownToasts = (page: Page) =>
  page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no bounding box: the element is not shown');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('point 3: Place Bet without friends shows the whole form, the hint above the picker and Place Bet disabled', async ({
  poolUser,
}) => {
  const loner = await poolUser();
  const page = await loner.newPage();
  await openLive(page, '/home');
  await expect(page.getByText('Add a friend to start betting.', { exact: true })).toBeVisible();
  // The spec's form, all of it: description, friend picker, amounts, 'Place Bet' (off).
  await expect(descriptionField(page)).toBeVisible();
  await expect(friendPicker(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Custom', exact: true })).toBeVisible();
  await expect(placeBetButton(page)).toBeDisabled();
  await friendPicker(page).click();
  await expect(page.getByText('No friends found.', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // The hint sits above the picker.
  const hint = await box(page.getByRole('note'));
  expect(hint.y + hint.height).toBeLessThanOrEqual((await box(friendPicker(page))).y);
  await page.getByRole('link', { name: 'Manage Friends' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goBack();
  await saveScreen(page, 'place-bet-no-friends-390');
});

test("point 8: a half-written bet survives switching tabs; point 2: submitted after the session ended it says 'Authentication required', and after login the form is back", async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const page = await ana.newPage();
  const description = 'Ben finishes the crossword before lunch';

  await test.step('the draft survives Feed and Profile and back', async () => {
    await openLive(page, '/home');
    await descriptionField(page).fill(description);
    await pickFriend(page, ben);
    await page.getByRole('button', { name: '$5', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Feed', exact: true }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await goToProfile(page);
    await nav.getByRole('link', { name: 'Bet', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(descriptionField(page)).toHaveValue(description);
    await expect(friendPicker(page)).toContainText(ben.name);
    await expect(page.getByRole('button', { name: '$5', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await saveScreen(page, 'place-bet-draft-restored-390');
  });

  await test.step('the session ends; Place Bet says so, goes to /login and comes back with the draft', async () => {
    // Expired, or logged out in another tab: the browser no longer holds a session.
    await page.context().clearCookies();
    await placeBetButton(page).click();
    await expectToast(page, 'Authentication required', 'Please log in to place a bet.');
    await expect(page).toHaveURL(/\/login$/);
    await saveScreen(page, 'place-bet-auth-required-390', { fullPage: false });
    await page.getByLabel('Email or Username').fill(ana.email);
    await page.getByLabel('Password').fill(ana.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(descriptionField(page)).toHaveValue(description);
    await expect(friendPicker(page)).toContainText(ben.name);
    await expect(page.getByRole('button', { name: '$5', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  await test.step('placed, the draft is gone', async () => {
    await placeBetButton(page).click();
    await expectToast(page, 'Bet Placed!', `Your bet with ${ben.name} has been placed.`);
    await expect(page).toHaveURL(/\/feed$/);
    // With 'Bet Placed!' up at the top, the tap's press moved the toasts down under the finger, which took
    // the release: the tap went nowhere (web/components/ui/sonner.tsx waits for the tap to end).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bet', exact: true })
      .click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(descriptionField(page)).toHaveValue('');
    await expect(friendPicker(page)).toContainText('Select a friend');
  });
});

test('point 7: at most two toasts show, a success dismisses its form’s errors, and toasts never cover the focused control', async ({
  poolUser,
}) => {
  const [cal, dee] = [await poolUser(), await poolUser()];
  await befriend(cal, dee);
  const page = await cal.newPage();
  // A phone with its keyboard up: the submit button ends up low on a short screen.
  await page.setViewportSize({ width: 390, height: 560 });
  await openLive(page, '/home');

  // Three failed tries of the same form: three error toasts, two shown.
  await placeBetButton(page).click();
  await expectToast(page, 'Missing Bet Description', "Please describe what you're betting on.");
  await descriptionField(page).fill('Dee runs 5k under 25 minutes');
  await placeBetButton(page).click();
  await expectToast(page, 'Select a Friend', 'Choose who you want to bet with.');
  await pickFriend(page, dee);
  await placeBetButton(page).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Choose Wager Amount' })).toHaveCount(1);
  await expect(shownToasts(page)).toHaveCount(2);

  // A refusal from the server while 'Place Bet' has focus: the toast keeps clear of it.
  await page.getByRole('button', { name: '$10', exact: true }).click();
  await page.route('**/api/bets', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Dee cannot take bets right now.' } }),
    }),
  );
  await placeBetButton(page).focus();
  await page.keyboard.press('Enter');
  const refusal = toast(page, 'Error', 'Dee cannot take bets right now.');
  await expect(refusal).toBeVisible();
  await expect(placeBetButton(page)).toBeEnabled();
  const button = await box(placeBetButton(page));
  for (const shown of await shownToasts(page).all()) expect(overlaps(await box(shown), button)).toBe(false);
  await saveScreen(page, 'toasts-clear-of-focused-button-390x560', { fullPage: false });
  await page.unroute('**/api/bets');

  // Placed: the form's errors go; only the success stays.
  await placeBetButton(page).click();
  await expectToast(page, 'Bet Placed!', `Your bet with ${dee.name} has been placed.`);
  for (const title of ['Missing Bet Description', 'Select a Friend', 'Choose Wager Amount', 'Error']) {
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: title })).toHaveCount(0);
  }
});

test('point 8: the streak reads alike on the profile and in the dialog, Recent Bets stays inside the dialog, and Back closes the open dialog', async ({
  poolUser,
}) => {
  const [eve, pooledFay] = [await poolUser(), await poolUser()];
  // A long name (no longer than names may be) is what pushed Recent Bets past the dialog's edge.
  const fay = { ...pooledFay, name: 'Fay Bartholomew-Featherstonehaugh' };
  const { username, phone, venmoHandle } = fay;
  const renamed = await fay.api.request.patch('/api/profile', {
    data: { name: fay.name, username, phone, venmoHandle },
  });
  expect(renamed.ok()).toBe(true);
  await befriend(eve, fay);
  // Eve lost her last two bets to Fay: a losing streak. One long word must not widen the dialog.
  const longWord = 'Supercalifragilisticexpialidocious-marathon-without-a-single-break';
  await wonBet(eve, fay, fay, { description: `Fay wins the ${longWord}`, amount: 1200 });
  await wonBet(fay, eve, fay, { description: 'Fay beats Eve at chess', amount: 15 });
  const page = await eve.newPage();
  await openLive(page, '/home');

  await test.step("a losing streak reads '2 loss streak' in the dialog and, alike, on the profile", async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Feed', exact: true })
      .click();
    await betCard(page, fay, eve, 'Fay beats Eve at chess')
      .getByRole('button', { name: eve.name, exact: true })
      .click();
    const own = page.getByRole('dialog', { name: eve.name });
    await expect(own.locator('dl[aria-label="Stats"]').getByRole('definition').nth(5)).toHaveText(
      '2 loss streak',
    );
    await page.keyboard.press('Escape');
    await expect(own).toBeHidden();
    await goToProfile(page);
    await expect(page.locator('dl[aria-label="Your stats"]').getByRole('definition').nth(2)).toHaveText(
      '2 loss streak',
    );
  });

  await test.step('Back closes the top dialog, then the next, then leaves the page', async () => {
    await page.getByRole('button', { name: 'Manage Friends' }).click();
    const friends = page.getByRole('dialog', { name: 'Friends' });
    await friends.getByRole('button', { name: new RegExp(`^${fay.name}`) }).click();
    const profile = page.getByRole('dialog', { name: fay.name });
    await expect(profile.getByRole('heading', { name: 'Recent Bets' })).toBeVisible();
    // Recent Bets stays inside the dialog's padding, however long the names and words.
    const content = await profile.evaluate((dialog) => {
      const style = getComputedStyle(dialog);
      return dialog.getBoundingClientRect().right - parseFloat(style.paddingRight);
    });
    const items = profile.getByRole('region', { name: 'Recent Bets' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const item of await items.all()) {
      const { x, width } = await box(item);
      expect(x + width).toBeLessThanOrEqual(content + 0.5);
    }
    await profile.getByRole('region', { name: 'Recent Bets' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'user-profile-recent-bets-390', { fullPage: false });

    await page.goBack();
    await expect(profile).toBeHidden();
    await expect(friends).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await expect(friends).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/feed$/);
  });
});

test("point 8: 'Remove' on a friend and 'Decline' on a bet ask first; Back closes the question", async ({
  poolUser,
}) => {
  const [gil, hal] = [await poolUser(), await poolUser()];
  await befriend(gil, hal);
  const pending = 'Gil bakes bread this weekend';
  await placeBet(hal, gil, { description: pending, amount: 5 });
  const page = await gil.newPage();
  // Back is the app's to answer only within its own history: come to Profile from another screen.
  await openLive(page, '/home');
  await goToProfile(page);

  await test.step('Remove asks first; Cancel keeps the friend', async () => {
    await page.getByRole('button', { name: 'Manage Friends' }).click();
    const friends = page.getByRole('dialog', { name: 'Friends' });
    await friends.getByRole('button', { name: `Remove ${hal.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${hal.name}?` });
    await expect(confirm).toBeVisible();
    await saveScreen(page, 'remove-friend-confirm-390', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(friends.getByRole('tab', { name: 'Friends (1)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(friends).toBeHidden();
  });

  await test.step('Decline asks first; Back closes the question, Decline in it removes the bet', async () => {
    const card = betCard(section(page, 'Pending Bets'), hal, gil, pending);
    await card.getByRole('button', { name: 'Decline', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Decline this bet?' });
    await expect(confirm).toBeVisible();
    await saveScreen(page, 'decline-bet-confirm-390', { fullPage: false });
    await page.goBack();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Decline', exact: true }).click();
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToastAndClose(page, 'Bet declined', 'The bet has been removed.');
    await expect(card).toHaveCount(0);
  });
});
