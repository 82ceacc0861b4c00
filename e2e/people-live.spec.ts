import { betCard, openLive } from './bet-pages.ts';
import { expect, expectToast, saveScreen, test } from './fixtures.ts';
import { activeBet, befriend } from './scenario.ts';

/*
 * A rename reaches every screen that shows the person, live: the server announces 'people' to them and
 * their friends, and one table in the web (keysForChange) says what that re-reads.
 */

test("a rename shows at once on the renamer's profile and, without a reload, on a friend's open feed", async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const description = 'Ana learns to juggle three balls';
  await activeBet(ana, ben, { description, amount: 10 });

  const benPage = await ben.newPage();
  await openLive(benPage, '/feed');
  await expect(betCard(benPage, ana, ben, description)).toBeVisible();

  const anaPage = await ana.newPage();
  await anaPage.goto('/profile');
  await anaPage.getByRole('button', { name: 'Settings' }).click();
  await anaPage.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const editor = anaPage.getByRole('dialog', { name: 'Edit Profile' });
  const newName = `${ana.name} Juggler`;
  await editor.getByLabel('Name', { exact: true }).fill(newName);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(anaPage, 'Profile Updated');
  await expect(anaPage.getByRole('heading', { name: newName, exact: true })).toBeVisible();

  // Ben never reloads: his feed card now names the new Ana, and nothing names the old one.
  const renamed = { ...ana, name: newName };
  await expect(betCard(benPage, renamed, ben, description)).toBeVisible();
  await expect(benPage.getByRole('button', { name: ana.name, exact: true })).toHaveCount(0);
  await saveScreen(benPage, 'feed-after-friend-rename', { fullPage: false });
});
