import {
  expect,
  expectToast,
  ownClientAddress,
  saveScreen,
  submitSignUpAndOpenLink,
  test,
} from './fixtures.ts';

/*
 * Personal invite links: the inviter copies and resets their link
 * on Profile, a newcomer signs up through it, and once their email is verified the two
 * are friends without any request to accept.
 */

test('signing up through an invite link ends in friendship; a reset link is dead', async ({
  page,
  poolUser,
  uniqueUser,
  mailbox,
  consoleGuard,
  baseURL,
}) => {
  // The reset link's page reads a 404 on purpose.
  consoleGuard.allow(/status of 404/);
  const inviter = await poolUser();
  const inviterPage = await inviter.newPage();
  await inviterPage.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await inviterPage.goto('/profile');
  await inviterPage.getByRole('button', { name: 'Invite Friends' }).click();
  const dialog = inviterPage.getByRole('dialog', { name: 'Invite Friends' });
  const link = dialog.getByTestId('share-link');
  await expect(link).toHaveText(/\/invite\/[A-Za-z0-9_-]{22}$/);
  await expect(dialog.getByRole('img', { name: /^QR code of / })).toBeVisible();
  const hasShare = await inviterPage.evaluate(() => typeof navigator.share === 'function');
  await expect(dialog.getByRole('button', { name: 'Share' })).toHaveCount(hasShare ? 1 : 0);
  await saveScreen(inviterPage, 'invite-dialog', { fullPage: false });

  const oldUrl = (await link.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Reset Link' }).click();
  await expect(link).not.toHaveText(oldUrl);
  const url = (await link.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(inviterPage, 'Link copied');
  expect(await inviterPage.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The newcomer, from their own address (their sign-up has its own budget).
  await ownClientAddress(page);
  await page.goto(new URL(oldUrl).pathname);
  await expect(page.getByRole('heading', { name: 'This invite link is no longer valid.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');

  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { name: `${inviter.name} invited you to Sidepot` })).toBeVisible();
  await saveScreen(page, 'invite-page-signed-out');
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup\?invite=/);
  // Switching to sign-in keeps the invite.
  await expect(page.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
    'href',
    `/login?invite=${new URL(url).pathname.split('/').at(-1)}`,
  );

  const newcomer = uniqueUser();
  await submitSignUpAndOpenLink(page, mailbox, newcomer);
  await expect(page).toHaveURL(/\/home/);

  // The inviter sees the new friend on Profile, and the line in the inbox.
  await inviterPage.goto('/profile');
  await expect(inviterPage.getByText(newcomer.name).first()).toBeVisible();
  await inviterPage.goto('/activity');
  await expect(inviterPage.getByText(`${newcomer.name} joined Sidepot from your invite`)).toBeVisible();

  // Opened again, signed in, the link says so and offers nothing to press.
  await page.goto(new URL(url).pathname);
  await expect(page.getByText(`You are already friends with ${inviter.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Invite' })).toHaveCount(0);
});

test('a signed-in user accepts an invite and lands on /home as friends', async ({ poolUser }) => {
  const [inviter, guest] = [await poolUser(), await poolUser()];
  const { code } = await inviter.api.get<{ code: string }>('/api/invites/mine');
  const page = await guest.newPage();
  await page.goto(`/invite/${code}`);
  await expect(page.getByRole('heading', { name: `${inviter.name} invited you to Sidepot` })).toBeVisible();
  await saveScreen(page, 'invite-page-signed-in');
  await page.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, `You are now friends with ${inviter.name}`);

  const own = await inviter.newPage();
  await own.goto(`/invite/${code}`);
  await expect(own.getByText('This is your own invite link')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Accept Invite' })).toHaveCount(0);
});
