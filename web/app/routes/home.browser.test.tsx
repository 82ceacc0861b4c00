import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { CreatePotFields } from '#domain/pot-rules.ts';
import type { PotData } from '#web/features/pots/api/pots.ts';
import type { api } from '#web/lib/api-client.ts';
import { alex, bet, me, potView, user } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import {
  apiError,
  networkFailure,
  noLimits,
  worker,
  type AllFriendsBody,
  type LimitsBody,
  type MyGroupsBody,
  type Ok,
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

test("'Start a Pot' may invite one of my groups instead of friends: every member but me, as a group pot", async () => {
  withFriends([alex]);
  const blake = user({ id: 'blake', name: 'Blake Chen', username: 'blakec' });
  const joinedAt = new Date().toISOString();
  const sent: CreatePotFields[] = [];
  worker.use(
    http.get('/api/groups', () =>
      HttpResponse.json<MyGroupsBody>([{ id: 'g1', name: 'Golf Four', memberCount: 3 }]),
    ),
    http.get('/api/groups/g1', () =>
      HttpResponse.json<Ok<(typeof api.groups)[':id']['$get']>>({
        id: 'g1',
        name: 'Golf Four',
        ownerId: me.id,
        inviteUrl: `${window.location.origin}/groups/join/abc`,
        members: [me, alex, blake].map((member) => ({ ...member, joinedAt })),
      }),
    ),
    http.post('/api/pots', async ({ request }) => {
      sent.push((await request.json()) as CreatePotFields);
      return HttpResponse.json<PotData>(potView({ id: 'pot-9' }), { status: 201 });
    }),
  );
  await renderScreen(<HomeScreen />, { path: '/home' });
  await page.getByRole('tab', { name: 'Start a Pot' }).click();
  await page.getByLabelText('Invite a group').selectOptions('Golf Four (3 members)');
  await expect.element(page.getByText('Every member of Golf Four is invited.')).toBeVisible();
  await expect.element(page.getByRole('group', { name: 'Invite' })).not.toBeInTheDocument();

  await page.getByLabelText('Question').fill('Longest drive on 7?');
  await page.getByLabelText('Choice 1').fill('Blake');
  await page.getByLabelText('Choice 2').fill('Alex');
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Your pick' }).getByRole('radio', { name: 'Alex' }).click();
  await page.getByRole('button', { name: 'Create Pot' }).click();

  await expect.element(page.getByTestId('navigated-to')).toHaveTextContent('/pots/pot-9');
  expect(sent[0]).toMatchObject({ groupId: 'g1', inviteeIds: ['alex', 'blake'], stake: 5 });
});

test("without groups 'Start a Pot' offers friends only", async () => {
  withFriends([alex]);
  worker.use(http.get('/api/groups', () => HttpResponse.json<MyGroupsBody>([])));
  await renderScreen(<HomeScreen />, { path: '/home' });
  await page.getByRole('tab', { name: 'Start a Pot' }).click();
  await expect.element(page.getByRole('group', { name: 'Invite' })).toBeVisible();
  await expect.element(page.getByLabelText('Invite a group')).not.toBeInTheDocument();
});
