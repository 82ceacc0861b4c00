import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, bet } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import {
  apiError,
  networkFailure,
  noLimits,
  worker,
  type AllFriendsBody,
  type LimitsBody,
} from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { Component as HomeScreen } from './home.tsx';

function withFriends(items: AllFriendsBody['items']) {
  worker.use(
    http.get('/api/friends/all', () => HttpResponse.json<AllFriendsBody>({ items })),
    http.get('/api/limits', () => HttpResponse.json<LimitsBody>(noLimits)),
  );
}

async function fillBet() {
  await page.getByLabelText("What's the bet?").fill('Lakers win tonight');
  await page.getByRole('combobox', { name: /Friend/ }).click();
  await page.getByRole('option', { name: /Alex Rivera/ }).click();
  await page.getByRole('button', { name: '$10' }).click();
}

test("'Place Bet' reads 'Placing Bet...' while the bet is sent, then goes to the feed", async () => {
  withFriends([alex]);
  const request = deferred();
  worker.use(
    http.post('/api/bets', async () => {
      await request.promise;
      return HttpResponse.json(bet({ description: 'Lakers win tonight' }), { status: 201 });
    }),
  );
  await renderScreen(<HomeScreen />, { path: '/home' });
  await fillBet();
  await page.getByRole('button', { name: 'Place Bet' }).click();

  await expect.element(page.getByRole('button', { name: 'Placing Bet...' })).toBeDisabled();
  request.resolve();
  await expect.element(page.getByTestId('navigated-to')).toHaveTextContent('/feed');
});

test("a refused bet shows the server's message in an 'Error' toast and keeps the form", async () => {
  withFriends([alex]);
  worker.use(http.post('/api/bets', () => apiError('FORBIDDEN', 'You can only bet with friends.')));
  await renderScreen(<HomeScreen />, { path: '/home' });
  await fillBet();
  await page.getByRole('button', { name: 'Place Bet' }).click();

  await expectErrorToast('Error', 'You can only bet with friends.');
  await expect.element(page.getByLabelText("What's the bet?")).toHaveValue('Lakers win tonight');
});

test("a bet over the weekly loss limit is refused in a toast titled 'Weekly limit reached'", async () => {
  withFriends([alex]);
  worker.use(
    http.post('/api/bets', () =>
      apiError('LIMIT_REACHED', 'This bet would exceed your weekly loss limit of $20.'),
    ),
  );
  await renderScreen(<HomeScreen />, { path: '/home' });
  await fillBet();
  await page.getByRole('button', { name: 'Place Bet' }).click();

  await expectErrorToast('Weekly limit reached', 'This bet would exceed your weekly loss limit of $20.');
  await expect.element(page.getByLabelText("What's the bet?")).toHaveValue('Lakers win tonight');
});

test("a failure without a message shows 'Failed to place bet. Please try again.'", async () => {
  withFriends([alex]);
  worker.use(http.post('/api/bets', () => networkFailure()));
  await renderScreen(<HomeScreen />, { path: '/home' });
  await fillBet();
  await page.getByRole('button', { name: 'Place Bet' }).click();

  await expectErrorToast('Error', 'Failed to place bet. Please try again.');
});

test("a bet sent after the session ended says 'Authentication required' / 'Please log in to place a bet.'", async () => {
  withFriends([alex]);
  worker.use(http.post('/api/bets', () => apiError('UNAUTHORIZED', 'Please sign in to continue.')));
  await renderScreen(<HomeScreen />, { path: '/home' });
  await fillBet();
  await page.getByRole('button', { name: 'Place Bet' }).click();

  await expectErrorToast('Authentication required', 'Please log in to place a bet.');
});

test("the friend picker spins while friends load, then says 'No friends found.' for a search without match", async () => {
  const friends = deferred();
  worker.use(
    http.get('/api/friends/all', async () => {
      await friends.promise;
      return HttpResponse.json<AllFriendsBody>({ items: [alex] });
    }),
    http.get('/api/limits', () => HttpResponse.json<LimitsBody>(noLimits)),
  );
  await renderScreen(<HomeScreen />, { path: '/home' });
  await page.getByRole('combobox', { name: /Friend/ }).click();
  await expect.element(page.getByRole('status', { name: 'Loading friends' })).toBeVisible();
  friends.resolve();
  await expect.element(page.getByRole('option', { name: /Alex Rivera/ })).toBeVisible();
  await page.getByPlaceholder('Search friends...').fill('zzz');
  await expect.element(page.getByText('No friends found.')).toBeVisible();
});

test("without friends the form stays, with 'Place Bet' disabled", async () => {
  withFriends([]);
  await renderScreen(<HomeScreen />, { path: '/home' });
  await expect.element(page.getByLabelText("What's the bet?")).toBeVisible();
  await expect.element(page.getByRole('combobox', { name: /Friend/ })).toHaveTextContent('Select a friend');
  await expect.element(page.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
});
