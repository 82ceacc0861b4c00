import { expect, expectToastAndClose, saveScreen, test } from './fixtures.ts';
import { befriend } from './scenario.ts';

/*
 * A group from 'New Group' to its first pot: made on Profile, joined through its link by someone signed out
 * (who signs in and comes back), then a pot started from the group page with every member invited (ADR 063).
 */

type Group = { id: string; name: string; inviteUrl: string; members: { id: string }[] };

test('create a group, join it by link after signing in, start a group pot', async ({
  poolUser,
  browser,
  baseURL,
  consoleGuard,
}) => {
  test.slow();
  const [ana, ben, cal, dee] = [await poolUser(), await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);

  const page = await ana.newPage();
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Groups' });
  await card.getByRole('button', { name: 'New Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Group' });
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(dialog.getByText('Please give the group a name.')).toBeVisible();
  await dialog.getByLabel('Group name').fill('Golf Four');
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(dialog.getByText('Pick at least one friend for the group.')).toBeVisible();
  for (const friend of [ben, cal])
    await dialog.getByRole('checkbox', { name: new RegExp(friend.name) }).click();
  await saveScreen(page, 'group-new');
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expectToastAndClose(page, 'Group created');
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const groupId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Golf Four' })).toBeVisible();
  await expect(page.getByText('3 members')).toBeVisible();

  await page.getByRole('button', { name: 'Invite Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Invite to Group' });
  await expect(linkDialog.getByRole('button', { name: 'Copy Link' })).toBeVisible();
  await expect(linkDialog.getByRole('img', { name: 'QR code of the group link' })).toBeVisible();
  await expect(linkDialog.getByRole('button', { name: 'Reset Link' })).toBeVisible();
  await saveScreen(page, 'group-link');
  await page.keyboard.press('Escape');
  const group = await ana.api.get<Group>(`/api/groups/${groupId}`);
  const joinPath = new URL(group.inviteUrl).pathname;

  // Dee, signed out and no friend of anyone here, opens the link, signs in and comes back to join.
  const context = await browser.newContext({ baseURL });
  try {
    const visitor = await context.newPage();
    await visitor.goto(joinPath);
    await expect(visitor.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await visitor.getByRole('link', { name: 'Sign In' }).click();
    await visitor.getByLabel('Email or Username').fill(dee.email);
    await visitor.getByLabel('Password').fill(dee.password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(new RegExp(`${joinPath}$`));
    await expect(visitor.getByRole('heading', { name: 'Golf Four' })).toBeVisible();
    await expect(visitor.getByText('3 members')).toBeVisible();
    await saveScreen(visitor, 'group-join');
    await visitor.getByRole('button', { name: 'Join Group' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/groups/${groupId}$`));
    await expect(visitor.getByText('4 members')).toBeVisible();
  } finally {
    await context.close();
  }
  // Joining made no friends.
  const friends = await dee.api.get<{ items: unknown[] }>('/api/friends');
  expect(friends.items).toEqual([]);

  // The owner's page shows Dee live; the Pots tab starts a pot for every member.
  await expect(page.getByText('4 members')).toBeVisible({ timeout: 30_000 });
  await saveScreen(page, 'group-pots-tab');
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('button', { name: 'This Week' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '0 wins' })).toHaveCount(4);
  await saveScreen(page, 'group-leaderboard-tab');
  await page.getByRole('tab', { name: 'Balances' }).click();
  await expect(page.getByText('All settled up.')).toBeVisible();
  await saveScreen(page, 'group-balances-tab');
  await page.getByRole('tab', { name: 'Pots' }).click();
  await page.getByRole('button', { name: 'Start a Pot' }).click();
  await expect(page.getByText('Every member of Golf Four is invited.')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Question').fill('Longest drive on hole 7?');
  await page.getByPlaceholder('Choice 1').fill('Ben');
  await page.getByPlaceholder('Choice 2').fill('Dee');
  await page.getByRole('group', { name: 'Stake per person' }).getByRole('button', { name: '$10' }).click();
  await page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Ben' }).click();
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expectToastAndClose(page, 'Pot created!', 'Your pot is open for entries.');
  await expect(page).toHaveURL(/\/pots\/[0-9a-f-]{36}$/);
  const potId = page.url().split('/').at(-1) ?? '';

  // Dee (a member, not Ana's friend) sees it in the group's Pots tab.
  const deePage = await dee.newPage();
  await deePage.goto(`/groups/${groupId}`);
  await expect(deePage.getByRole('link', { name: /Longest drive on hole 7\?/ })).toBeVisible();
  await saveScreen(deePage, 'group-page');
  await deePage.getByRole('link', { name: /Longest drive on hole 7\?/ }).click();
  await expect(deePage).toHaveURL(new RegExp(`/pots/${potId}$`));

  // Someone outside the group gets the not-found screen.
  consoleGuard.allow(/status of 404/);
  const outsider = await (await poolUser()).newPage();
  await outsider.goto(`/groups/${groupId}`);
  await expect(outsider.getByRole('heading', { name: /not found/i })).toBeVisible();
});
