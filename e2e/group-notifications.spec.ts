import { expect, saveScreen, test } from './fixtures.ts';
import { befriend, startPot } from './scenario.ts';

/*
 * A crew's news (ADR 065): the inbox tells a member they were added and that another member started a pot in
 * the group, and the open group page shows the new pot without a reload. Settings has the 'Groups' switches.
 */

test("a member reads 'added you' and a new group pot in the inbox, and the open group page shows the pot live", async ({
  poolUser,
  consoleGuard,
}) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  const { id: groupId } = await ana.api.post<{ id: string }>('/api/groups', {
    name: 'Golf Four',
    memberIds: [ben.id, cal.id],
  });

  // Ben keeps the group page open on its Pots tab.
  const page = await ben.newPage();
  await page.goto(`/groups/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Golf Four' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start a Pot' })).toBeVisible();

  // Cal (not Ben's friend) starts a pot for the group.
  const question = 'Longest drive on hole 7?';
  const potId = await startPot(cal, {
    question,
    choices: ['Ben', 'Dee'],
    stake: 10,
    inviteeIds: [ana.id, ben.id],
    groupId,
  });
  await expect(page.getByRole('link', { name: new RegExp(question.replace('?', '\\?')) })).toBeVisible({
    timeout: 30_000,
  });
  await saveScreen(page, 'group-pot-live');

  // The inbox: one line for the pot (no separate invitation), and the 'added' line.
  await page.goto('/activity');
  const potLine = page.getByRole('link', {
    name: new RegExp(`${cal.name} started a pot in Golf Four: Longest drive`),
  });
  await expect(potLine).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: new RegExp(`${cal.name} invited you to a pot`) })).toHaveCount(
    0,
  );
  const addedLine = page.getByRole('link', {
    name: new RegExp(`${ana.name} added you to a group: Golf Four`),
  });
  await expect(addedLine).toBeVisible();
  await saveScreen(page, 'group-inbox-lines');
  await potLine.click();
  await expect(page).toHaveURL(new RegExp(`/pots/${potId}$`));
  await page.goBack();
  await addedLine.click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Golf Four' })).toBeVisible();

  // Settings: the new 'Groups' row, on by default, below the five the spec names.
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Groups Push' })).toHaveAttribute('aria-checked', 'true', {
    timeout: 15_000,
  });
  await expect(page.getByRole('switch', { name: 'Groups Email' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('heading', { name: 'Notifications', exact: true }).scrollIntoViewIfNeeded();
  await saveScreen(page, 'settings-groups-switches');

  // Removed by the owner while the group page is open: it closes live, and the inbox says why.
  await page.goto(`/groups/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Golf Four' })).toBeVisible();
  consoleGuard.allow(/status of 404/);
  await ana.api.delete(`/api/groups/${groupId}/members/${ben.id}`);
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible({ timeout: 30_000 });
  await page.goto('/activity');
  await expect(
    page.getByRole('button', { name: new RegExp(`${ana.name} removed you from a group: Golf Four`) }),
  ).toBeVisible({
    timeout: 30_000,
  });

  // Leaving is one's own doing: no line, and the page goes to Profile at the server's answer.
  const calPage = await cal.newPage();
  await calPage.goto(`/groups/${groupId}`);
  await calPage.getByRole('button', { name: 'Leave Group' }).click();
  await calPage
    .getByRole('alertdialog', { name: 'Leave Group?' })
    .getByRole('button', { name: 'Leave Group' })
    .click();
  await expect(calPage).toHaveURL(/\/profile$/);
  await expect(calPage.getByText('You left the group')).toBeVisible();
});

test("Place Bet's 'Start a Pot' invites a whole group: every member is told and may join", async ({
  poolUser,
}) => {
  test.slow();
  const [ana, ben, cal] = [await poolUser(), await poolUser(), await poolUser()];
  for (const friend of [ben, cal]) await befriend(ana, friend);
  await ana.api.post<{ id: string }>('/api/groups', { name: 'Pub Quiz', memberIds: [ben.id, cal.id] });

  const page = await ana.newPage();
  await page.goto('/home');
  await page.getByRole('tab', { name: 'Start a Pot' }).click();
  const groupChoice = page.getByLabel('Invite a group');
  await expect(groupChoice).toBeVisible({ timeout: 30_000 });
  await groupChoice.selectOption({ label: 'Pub Quiz (3 members)' });
  await expect(page.getByText('Every member of Pub Quiz is invited.')).toBeVisible();
  await page.getByLabel('Question').fill('Who wins the picture round?');
  await page.getByLabel('Choice 1').fill('Ben');
  await page.getByLabel('Choice 2').fill('Cal');
  await page.getByRole('group', { name: 'Stake per person' }).getByRole('button', { name: '$5' }).click();
  await page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Cal' }).click();
  await saveScreen(page, 'pot-create-group-390');
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expect(page).toHaveURL(/\/pots\/[0-9a-f-]{36}$/);
  const potUrl = new URL(page.url()).pathname;

  // Cal is told as a member of the group, opens the pot from the line and joins.
  const calPage = await cal.newPage();
  await calPage.goto('/activity');
  await calPage
    .getByRole('link', { name: new RegExp(`started a pot in Pub Quiz: Who wins the picture round\\?`) })
    .click();
  await expect(calPage).toHaveURL(new RegExp(`${potUrl}$`));
  await calPage.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Ben' }).click();
  await calPage.getByRole('button', { name: 'Join for $5' }).click();
  await expect(calPage.getByRole('button', { name: 'Change Pick' })).toBeVisible();
});
