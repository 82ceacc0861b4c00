import sharp from 'sharp';
import { expect, expectNoHorizontalScroll, expectToast, saveScreen, test, type Actor } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { openLive } from './bet-pages.ts';

/** Anchored, so 'Bet with {name}' and 'Remove {name}' never match a row's own name button. */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

async function openFriendsDialog(page: Page) {
  await openLive(page, '/profile');
  await page.getByRole('button', { name: 'Manage Friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Friends' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The one row of `user` in a dialog's list (their name button opens their profile). */
function rowOf(scope: Locator, user: Actor) {
  return scope
    .getByRole('listitem')
    .filter({ has: scope.page().getByRole('button', { name: startsWith(user.name) }) });
}

test('two users become friends through a phone-number search, bet from the list, and remove each other', async ({
  poolUser,
}) => {
  const [alex, blair, stranger] = [await poolUser(), await poolUser(), await poolUser()];
  const alexPage = await alex.newPage();
  const blairPage = await blair.newPage();

  // Without friends there is nobody to bet with.
  await alexPage.goto('/profile');
  await expect(alexPage.getByRole('button', { name: 'Add Friends to Place Bets' })).toBeDisabled();

  // Alex finds Blair by Blair's complete phone number (a fragment finds nobody: ADR 016).
  let dialog = await openFriendsDialog(alexPage);
  await expect(dialog.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Add' }).click();
  const search = dialog.getByPlaceholder('Search by username or phone...');
  await search.fill(blair.phone.slice(0, 6));
  await expect(dialog.getByText('Enter the full 10-digit phone number to find someone by phone.')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'No users found' })).toBeVisible();
  await search.fill(blair.phone);
  const results = dialog.getByRole('list', { name: 'Search results' });
  const blairResult = rowOf(results, blair);
  await expect(blairResult).toContainText(`@${blair.username}`);
  await blairResult.getByRole('button', { name: 'Add Friend' }).click();
  await expectToast(alexPage, 'Friend request sent');
  await expect(blairResult.getByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();
  await expectNoHorizontalScroll(alexPage);
  await saveScreen(alexPage, 'friends-search-390', { fullPage: false });

  // Blair sees the request, a moment old, and accepts it.
  await blairPage.goto('/profile');
  await expect(blairPage.getByRole('status', { name: '1 pending friend request' })).toBeVisible();
  dialog = await openFriendsDialog(blairPage);
  await dialog.getByRole('tab', { name: 'Requests (1)' }).click();
  const request = rowOf(dialog.getByRole('list', { name: 'Friend requests' }), alex);
  await expect(request).toContainText(`@${alex.username} · now`);
  await saveScreen(blairPage, 'friends-requests-390', { fullPage: false });
  await request.getByRole('button', { name: `Accept friend request from ${alex.name}` }).click();
  await expectToast(blairPage, 'Friend request accepted');
  await expect(dialog.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Friends (1)' }).click();
  await expect(rowOf(dialog.getByRole('list', { name: 'Friends' }), alex)).toBeVisible();

  // Alex sees Blair among friends, and Blair's full profile with stats.
  await alexPage.goto('/profile');
  await expect(alexPage.getByRole('link', { name: 'Place New Bet' })).toBeVisible();
  dialog = await openFriendsDialog(alexPage);
  await expect(dialog.getByRole('tab', { name: 'Friends (1)' })).toHaveAttribute('aria-selected', 'true');
  const friends = dialog.getByRole('list', { name: 'Friends' });
  await expect(rowOf(friends, blair)).toContainText(`@${blair.username}`);
  await saveScreen(alexPage, 'friends-list-390', { fullPage: false });
  await rowOf(friends, blair)
    .getByRole('button', { name: startsWith(blair.name) })
    .click();
  const profile = alexPage.getByRole('dialog', { name: blair.name });
  await expect(profile.getByText(`@${blair.username}`, { exact: true })).toBeVisible();
  await expect(profile.getByText(/^Joined [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  const stats = profile.getByRole('definition');
  await expect(profile.getByRole('term')).toHaveText([
    'Total Bets',
    'Wins',
    'Losses',
    'Win Rate',
    'Net Winnings',
    'Streak',
  ]);
  await expect(stats).toHaveText(['0', '0', '0', '0.0%', '$0.00', 'No streak']);
  await expect(profile.getByRole('button', { name: `Place Bet with ${blair.name}` })).toBeVisible();
  await expect(profile.getByText('Add this user as a friend to see their bets and stats.')).toHaveCount(0);
  await expectNoHorizontalScroll(alexPage);
  await saveScreen(alexPage, 'user-profile-friend-390', { fullPage: false });
  await alexPage.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  // A stranger's profile shows nothing but the way to befriend them.
  await dialog.getByRole('tab', { name: 'Add' }).click();
  await search.fill(stranger.username);
  const strangerResult = rowOf(results, stranger);
  await strangerResult.getByRole('button', { name: startsWith(stranger.name) }).click();
  const strangerProfile = alexPage.getByRole('dialog', { name: stranger.name });
  await expect(
    strangerProfile.getByText('Add this user as a friend to see their bets and stats.'),
  ).toBeVisible();
  await expect(strangerProfile.getByRole('button', { name: 'Add Friend' })).toBeEnabled();
  await expect(strangerProfile.getByText('Total Bets')).toHaveCount(0);
  await expect(strangerProfile.getByRole('button', { name: /^Place Bet with/ })).toHaveCount(0);
  await saveScreen(alexPage, 'user-profile-stranger-390', { fullPage: false });
  await alexPage.keyboard.press('Escape');
  await expect(strangerProfile).toBeHidden();

  // 'Bet' opens the bet form with Blair already picked.
  await dialog.getByRole('tab', { name: 'Friends (1)' }).click();
  await rowOf(friends, blair)
    .getByRole('button', { name: `Bet with ${blair.name}` })
    .click();
  await expect(alexPage).toHaveURL(/\/home$/);
  await expect(alexPage.getByRole('combobox', { name: /^Friend/ })).toContainText(blair.name);

  // Removing ends the friendship on both sides.
  dialog = await openFriendsDialog(alexPage);
  await rowOf(friends, blair)
    .getByRole('button', { name: `Remove ${blair.name}` })
    .click();
  await alexPage.getByRole('alertdialog', { name: `Remove ${blair.name}?` }).getByRole('button', { name: 'Remove' }).click();
  await expectToast(alexPage, 'Friend removed');
  await expect(dialog.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();
  await expect(dialog.getByText('No friends yet', { exact: true })).toBeVisible();
  for (const page of [alexPage, blairPage]) {
    await page.reload();
    dialog = await openFriendsDialog(page);
    await expect(dialog.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();
    await expect(dialog.getByText('No friends yet', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Add Friends to Place Bets' })).toBeDisabled();
  }
});

test("friend changes reach both people's open screens live: request, badge, accept", async ({ poolUser }) => {
  const [kim, lou] = [await poolUser(), await poolUser()];
  const kimPage = await kim.newPage();
  const louPage = await lou.newPage();
  const louDialog = await openFriendsDialog(louPage);
  await expect(louDialog.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
  const kimDialog = await openFriendsDialog(kimPage);
  await expect(kimDialog.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();

  // Kim asks from elsewhere (another device): Lou's open dialog and the badge behind it update without reload.
  await kim.api.post('/api/friend-requests', { userId: lou.id });
  await louDialog.getByRole('tab', { name: 'Requests (1)' }).click();
  const request = rowOf(louDialog.getByRole('list', { name: 'Friend requests' }), kim);
  await expect(request).toBeVisible();
  // The badge on 'Manage Friends', behind the modal dialog (so hidden from the accessibility tree).
  const badge = louPage.getByRole('status', { name: '1 pending friend request', includeHidden: true });
  await expect(badge).toBeAttached();

  // Lou accepts on another device: both open dialogs follow without reload (once,
  // only the requester heard of an accept, so Lou's own open Requests tab kept the request).
  const { items } = await lou.api.get<{ items: { id: string; requester: { id: string } }[] }>('/api/friend-requests');
  const incoming = items.find((item) => item.requester.id === kim.id);
  if (!incoming) throw new Error('no request from Kim');
  await lou.api.post(`/api/friend-requests/${incoming.id}/accept`);
  await expect(louDialog.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
  await expect(louDialog.getByRole('tab', { name: 'Friends (1)' })).toBeVisible();
  await expect(kimDialog.getByRole('tab', { name: 'Friends (1)' })).toBeVisible();
  await expect(rowOf(kimDialog.getByRole('list', { name: 'Friends' }), lou)).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('a user edits their profile and uploads a photo', async ({ poolUser }) => {
  const user = await poolUser();
  const page = await user.newPage();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: user.name })).toBeVisible();

  const openEditor = async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(editor).toBeVisible();
    return editor;
  };

  // Every field is required.
  let editor = await openEditor();
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(user.name);
  await expect(editor.getByLabel('Phone Number')).toHaveValue(user.phone);
  await editor.getByLabel('Name', { exact: true }).fill('   ');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all fields.');
  await expect(editor).toBeVisible();

  const changed = {
    name: `${user.name} Jr`,
    username: `${user.username}_jr`,
    phone: '5125550123',
    venmoHandle: `${user.venmoHandle}-Jr`,
  };
  await editor.getByLabel('Name', { exact: true }).fill(changed.name);
  await editor.getByLabel('Username', { exact: true }).fill(changed.username);
  await editor.getByLabel('Phone Number').fill(changed.phone);
  await editor.getByLabel('Venmo Handle').fill(changed.venmoHandle);
  await saveScreen(page, 'edit-profile-390', { fullPage: false });
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { name: changed.name })).toBeVisible();
  await expect(page.getByText(`@${changed.username}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Venmo: @${changed.venmoHandle}`, { exact: true })).toBeVisible();

  // Saved, not just shown.
  await page.reload();
  editor = await openEditor();
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(changed.name);
  await expect(editor.getByLabel('Username', { exact: true })).toHaveValue(changed.username);
  await expect(editor.getByLabel('Phone Number')).toHaveValue(changed.phone);
  await expect(editor.getByLabel('Venmo Handle')).toHaveValue(changed.venmoHandle);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // A photo: any image in, a 256x256 WebP out, shown at once.
  const photoInput = page.getByLabel('Photo file');
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 220, g: 60, b: 40 } },
  })
    .png()
    .toBuffer();
  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expectToast(page, 'Profile photo updated');
  const avatar = page.getByRole('button', { name: 'Change profile photo' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/api\/avatars\/[^/]+\.webp(\?.*)?$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  await page.reload();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  await saveScreen(page, 'profile-photo-390');

  // Only images, and not too large; both refused before any upload.
  await photoInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expectToast(page, 'Invalid file type', 'Please select an image file.');
  await photoInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expectToast(page, 'File too large', 'Please select an image smaller than 5MB.');
});
