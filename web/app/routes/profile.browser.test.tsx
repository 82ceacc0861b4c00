import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, bet, completedBet, profileScreen, stats, users } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import {
  apiError,
  networkFailure,
  profileHandlers,
  worker,
  type MyBetsBody,
  type ProfileBody,
} from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { toastWith, expectErrorToast } from '#web/testing/toasts.ts';
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
    '2 loss streak',
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
            pending: { items: [], nextCursor: null },
            active: { items: [bet({ description: 'Rain tomorrow' })], nextCursor: null },
            past: { items: [], nextCursor: null },
          }),
    ),
    ...profileHandlers(profileScreen()),
  );
  await renderProfile();
  await expectErrorToast('Error loading bets', 'Failed to load bets. Please try again.');
  // The lists load lazily and read again as they mount (the route read first): the error stays until Retry.
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect.element(retry).toBeVisible();
  // Two failed reads (the route's, then the lists' as they mount), one toast.
  expect(toastWith('Error loading bets').elements()).toHaveLength(1);
  fail = false;
  await retry.click();
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
  await page.getByRole('dialog').getByLabelText('Username', { exact: true }).fill('taken_name');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.element(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  response.resolve();
  await expectErrorToast('Update failed', 'This username is already taken. Please choose another.');
  await expect
    .element(page.getByRole('dialog').getByLabelText('Username', { exact: true }))
    .toHaveValue('taken_name');
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

test("Active and Past Bets each load 20 more with 'Load more', and a refetch reads the same pages again (ADR 043)", async () => {
  const active = Array.from({ length: 23 }, (_, i) => bet({ description: `Active bet ${i + 1}` }));
  const past = Array.from({ length: 21 }, (_, i) =>
    completedBet(alex.id, { description: `Past bet ${i + 1}` }),
  );
  const asked: string[] = [];
  const page1 = { items: [], nextCursor: null };
  worker.use(
    http.get('/api/bets/mine', () => {
      asked.push('mine');
      return HttpResponse.json<MyBetsBody>({
        pending: page1,
        active: { items: active.slice(0, 20), nextCursor: 'active-20' },
        past: { items: past.slice(0, 20), nextCursor: 'past-20' },
      });
    }),
    http.get('/api/bets/mine/:section', ({ request, params }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(`${String(params['section'])} ${String(cursor)}`);
      const rest = params['section'] === 'active' ? active.slice(20) : past.slice(20);
      return HttpResponse.json<MyBetsBody['past']>({ items: rest, nextCursor: null });
    }),
    ...profileHandlers(profileScreen()),
  );
  const { queryClient } = await renderProfile();
  const section = (name: string) => page.getByRole('region', { name });
  await expect.element(section('Active Bets 20 bets')).toBeVisible();
  await expect.element(page.getByText('Active bet 20', { exact: true })).toBeVisible();
  await section('Active Bets 20 bets').getByRole('button', { name: 'Load more' }).click();
  await expect.element(page.getByText('Active bet 23', { exact: true })).toBeVisible();
  await expect.element(section('Active Bets 23 bets')).toBeVisible();
  await expect
    .element(section('Active Bets 23 bets').getByRole('button', { name: 'Load more' }))
    .not.toBeInTheDocument();
  await section('Past Bets 20 bets').getByRole('button', { name: 'Load more' }).click();
  await expect.element(page.getByText('Past bet 21', { exact: true })).toBeVisible();
  expect(asked).toEqual(['mine', 'active active-20', 'past past-20']);

  // A realtime change refetches the first page and then the same sections' pages, in order.
  asked.length = 0;
  await queryClient.invalidateQueries({ queryKey: ['bets'] });
  await expect.poll(() => asked).toEqual(['mine', 'active active-20', 'past past-20']);
  await expect.element(page.getByText('Active bet 23', { exact: true })).toBeVisible();
  await expect.element(page.getByText('Past bet 21', { exact: true })).toBeVisible();
});
