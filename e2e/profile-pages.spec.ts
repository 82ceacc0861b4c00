import { betCard, section } from './bet-pages.ts';
import { expect, saveScreen, test } from './fixtures.ts';
import { befriend, placeBet } from './scenario.ts';

/*
 * The profile's bet sections come 20 at a time (ADR 043): a user with more than 20 bets waiting on them
 * sees the newest 20 and 'Load more' under the section, which adds the rest.
 */
test("Pending Bets shows the newest 20 and 'Load more' adds the next page", async ({ poolUser }) => {
  test.slow();
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  // Oldest first: bet 1 is the oldest, so it is the one on the second page.
  const describe = (i: number) => `Paged bet #${String(i).padStart(2, '0')}`;
  for (let i = 1; i <= 21; i += 1) await placeBet(ana, ben, { description: describe(i), amount: 1 });

  const page = await ben.newPage();
  await page.goto('/profile');
  const pending = section(page, 'Pending Bets');
  await expect(betCard(pending, ana, ben, describe(21))).toBeVisible();
  await expect(betCard(pending, ana, ben, describe(2))).toBeVisible();
  await expect(pending.getByRole('article')).toHaveCount(20);
  await expect(betCard(pending, ana, ben, describe(1))).toHaveCount(0);

  await pending.getByRole('button', { name: 'Load more' }).click();
  await expect(pending.getByRole('article')).toHaveCount(21);
  await expect(betCard(pending, ana, ben, describe(1))).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await betCard(pending, ana, ben, describe(1)).scrollIntoViewIfNeeded();
  await saveScreen(page, 'profile-pending-second-page', { fullPage: false });
});
