import { expect, expectToast, saveScreen, test } from './fixtures.ts';
import { openLive } from './bet-pages.ts';
import { activeBet, befriend } from './scenario.ts';

/*
 * What a newcomer looks for: the requests they sent (and a way to take one back), and one press that
 * reads the whole inbox.
 */

test("the Requests tab lists what I sent; 'Cancel Request' takes it back, for the other side too", async ({
  poolUser,
}) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await ana.api.post('/api/friend-requests', { userId: ben.id });
  const page = await ana.newPage();
  await openLive(page, '/profile');
  await page.getByRole('button', { name: /^Manage Friends/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Friends' });
  await dialog.getByRole('tab', { name: /^Requests/ }).click();
  const sent = dialog.getByRole('list', { name: 'Sent requests' });
  await expect(sent.getByText(ben.name, { exact: true })).toBeVisible();
  await saveScreen(page, 'friends-requests-sent', { fullPage: false });

  await sent.getByRole('button', { name: 'Cancel Request' }).click();
  // Over the modal dialog the toast cannot be closed by hand (e2e/toasts.ts): it is only checked.
  await expectToast(page, 'Friend request cancelled');
  await expect(sent).toHaveCount(0);
  await expect(dialog.getByText('No friend requests', { exact: true })).toBeVisible();
  expect((await ben.api.get<{ items: unknown[] }>('/api/friend-requests')).items).toEqual([]);
});

test("the activity page's 'Mark All Read' clears every Unread mark", async ({ poolUser }) => {
  const [ana, ben] = [await poolUser(), await poolUser()];
  await befriend(ana, ben);
  const betId = await activeBet(ana, ben, { description: 'Ben plays chess daily', amount: 5 });
  for (const text of ['Day one done', 'Day two?'])
    await ana.api.post(`/api/bets/${betId}/comments`, { text });
  const page = await ben.newPage();
  await openLive(page, '/activity');
  const lines = page.getByRole('list', { name: 'Activity' });
  await expect(lines.getByRole('img', { name: 'Unread' })).toHaveCount(2);
  await saveScreen(page, 'activity-mark-all-read', { fullPage: false });

  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(lines.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
  await expect(page.getByTestId('activity-badge')).toHaveCount(0);
  const summary = await ben.api.get<{ unreadCount: number }>('/api/notifications/summary');
  expect(summary.unreadCount).toBe(0);
});
