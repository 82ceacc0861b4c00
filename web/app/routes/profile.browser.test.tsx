import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, bet, completedBet, profileScreen, stats, users } from '../../testing/factories.ts';
import { deferred } from '../../testing/deferred.ts';
import {
  apiError,
  networkFailure,
  profileHandlers,
  worker,
  type MyBetsBody,
  type ProfileBody,
} from '../../testing/msw.ts';
import { renderScreen } from '../../testing/render.tsx';
import { expectErrorToast } from '../../testing/toasts.ts';
import { Component as ProfileScreen } from './profile.tsx';

const renderProfile = () => renderScreen(<ProfileScreen />, { path: '/profile' });

test('the profile shows its skeleton and spinner while it loads', async () => {
  const response = deferred();
  worker.use(
    http.get('/api/profile', async () => {
      await response.promise;
      return HttpResponse.json<ProfileBody>(profileScreen());
    }),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await expect.element(page.getByRole('status', { name: 'Loading profile' })).toBeVisible();
  response.resolve();
  await expect.element(page.getByRole('heading', { name: 'Morgan Me' })).toBeVisible();
  await expect.element(page.getByRole('status', { name: 'Loading profile' })).not.toBeInTheDocument();
});

test("a failed profile load says 'Failed to load profile data.' with a toast, and Retry loads it", async () => {
  let fail = true;
  worker.use(
    http.get('/api/profile', () =>
      fail
        ? apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
        : HttpResponse.json<ProfileBody>(profileScreen()),
    ),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await expectErrorToast('Error loading profile', 'Failed to load your profile data.');
  await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to load profile data.');

  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.element(page.getByRole('heading', { name: 'Morgan Me' })).toBeVisible();
  await expect.element(page.getByText('Failed to load profile data.')).not.toBeInTheDocument();
});

test('the stat tiles carry the spec labels: Wins, Losses, Streak, Friends, Win Rate, Net', async () => {
  worker.use(
    ...profileHandlers(
      profileScreen({
        stats: stats({
          wins: 3,
          losses: 1,
          totalBets: 4,
          winRate: 75,
          streak: -2,
          netWinnings: -12,
          friendsCount: 1,
        }),
      }),
    ),
  );
  await renderProfile();
  const tiles = page.getByRole('definition');
  await expect.element(page.getByLabelText('Your stats')).toBeVisible();
  expect(
    page
      .getByLabelText('Your stats')
      .getByRole('term')
      .elements()
      .map((term) => term.textContent),
  ).toEqual(['Wins', 'Losses', 'Streak', 'Friends', 'Win Rate', 'Net']);
  expect(tiles.elements().map((value) => value.textContent)).toEqual([
    '3',
    '1',
    'No streak',
    '1',
    '75.0%',
    '-$12.00',
  ]);
});

test("the Friends card shows six friends and '+N more', and Manage Friends counts pending requests", async () => {
  const friends = users(9);
  worker.use(
    ...profileHandlers(
      profileScreen({ friends: { items: friends.slice(0, 6), total: 9 }, pendingRequestCount: 2 }),
    ),
  );
  await renderProfile();
  await expect.element(page.getByRole('button', { name: '+3 more' })).toBeVisible();
  expect(page.getByRole('button', { name: /^Friend \d$/ }).elements()).toHaveLength(6);
  await expect
    .element(page.getByRole('button', { name: /Manage Friends/ }))
    .toHaveTextContent('Manage Friends2');
  await expect.element(page.getByRole('link', { name: 'Place New Bet' })).toBeVisible();
});

test("without friends or bets: 'Add Friends to Place Bets' is disabled and the empty state invites a first bet", async () => {
  worker.use(...profileHandlers(profileScreen()));
  await renderProfile();
  await expect.element(page.getByRole('button', { name: 'Add Friends to Place Bets' })).toBeDisabled();
  await expect.element(page.getByText('No bets yet')).toBeVisible();
  await expect.element(page.getByText('Place your first bet to get started!')).toBeVisible();
});

test("failed bets show 'Error loading bets' / 'Failed to load bets. Please try again.' and Retry loads them", async () => {
  let fail = true;
  worker.use(
    http.get('/api/bets/mine', () =>
      fail
        ? apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
        : HttpResponse.json<MyBetsBody>({
            pending: [],
            active: [bet({ description: 'Rain tomorrow' })],
            past: { items: [], nextCursor: null },
          }),
    ),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await expectErrorToast('Error loading bets', 'Failed to load bets. Please try again.');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.element(page.getByRole('heading', { name: 'Active Bets' })).toBeVisible();
  await expect.element(page.getByText('Rain tomorrow')).toBeVisible();
});

test("a failed logout shows 'Logout failed'", async () => {
  worker.use(
    http.post('/api/auth/sign-out', () => HttpResponse.json({}, { status: 500 })),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectErrorToast('Logout failed', 'Please try again.');
});

test("'Save Changes' reads 'Saving...' while busy, and a refusal shows the server's message under 'Update failed'", async () => {
  const response = deferred();
  worker.use(
    http.patch('/api/profile', async () => {
      await response.promise;
      return apiError('USERNAME_TAKEN', 'This username is already taken. Please choose another.');
    }),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await page.getByRole('dialog').getByLabelText('Username').fill('taken_name');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.element(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  response.resolve();
  await expectErrorToast('Update failed', 'This username is already taken. Please choose another.');
  await expect.element(page.getByRole('dialog').getByLabelText('Username')).toHaveValue('taken_name');
});

test("a failed photo upload shows 'Upload failed'", async () => {
  worker.use(
    http.put('/api/profile/avatar', () => networkFailure()),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
  await page.getByLabelText('Photo file').upload(png);
  await expectErrorToast('Upload failed', 'Please try again.');
});

test("a bet from the profile with an opponent lacking Venmo shows 'No Venmo handle'", async () => {
  const lost = completedBet(alex.id, { opponent: { ...alex, venmoHandle: '' } });
  worker.use(...profileHandlers(profileScreen(), { past: [lost] }));
  await renderProfile();
  await page
    .getByRole('button', { name: /Pay .* on Venmo|Venmo/ })
    .first()
    .click();
  await expectErrorToast('No Venmo handle', "Your opponent hasn't set up their Venmo handle.");
});
