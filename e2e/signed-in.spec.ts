import { expect, expectNoHorizontalScroll, saveScreen, test } from './fixtures.ts';

// The smallest phone width we support; the screens are saved for people to look at.
test.use({ viewport: { width: 360, height: 780 } });

test('a signed-in user is kept off /login and /signup and moves around with the bottom navigation', async ({
  page,
  signedInUser,
}) => {
  const nav = page.getByRole('navigation');
  await expect(nav).toBeVisible();
  // The screen's title bar, once the session is known and the spinner is gone.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'home-360');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/feed');
  await expect(nav.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
  await expect(nav.getByRole('link', { name: 'Bet' })).toHaveAttribute('href', '/home');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();
  await expect(page.getByText('No bets yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Place your first bet to see the feed!', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'feed-360');

  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page.getByText('Weekly Leaders', { exact: true })).toBeVisible();
  await expect(page.getByText('Most wins this week', { exact: true })).toBeVisible();
  await saveScreen(page, 'leaderboard-360');

  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(signedInUser.name, { exact: true })).toBeVisible();
  await expect(page.getByText(`@${signedInUser.username}`, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await saveScreen(page, 'profile-360');
  // The settings menu open: axe once reported the page behind it (aria-hidden, still focusable).
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await saveScreen(page, 'profile-settings-menu-360', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();

  await nav.getByRole('link', { name: 'Bet' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
