import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, user, users } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import {
  apiError,
  networkFailure,
  worker,
  type FriendRequestsBody,
  type FriendsBody,
  type SearchBody,
  type SentRequestsBody,
} from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast, expectSuccessToast } from '#web/testing/toasts.ts';
import { FriendsDialog } from './friends-dialog.tsx';

const request = { id: 'request-1', requester: alex, createdAt: new Date().toISOString() };

function lists(requests: FriendRequestsBody['items'] = [], sent: SentRequestsBody['items'] = []) {
  return [
    http.get('/api/friends', () => HttpResponse.json<FriendsBody>({ items: [], nextCursor: null, total: 0 })),
    http.get('/api/friend-requests', () => HttpResponse.json<FriendRequestsBody>({ items: requests })),
    http.get('/api/friend-requests/sent', () => HttpResponse.json<SentRequestsBody>({ items: sent })),
  ];
}

const renderDialog = () =>
  renderScreen(
    <FriendsDialog
      open
      onOpenChange={() => undefined}
      onSelectUser={() => undefined}
      onPlaceBet={() => undefined}
    />,
  );

async function search(term: string) {
  await page.getByRole('tab', { name: 'Add' }).click();
  await page.getByPlaceholder('Search by username or phone...').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test("declining a request in the Requests tab says 'Friend request declined'", async () => {
  let requests = [request];
  worker.use(
    http.post(`/api/friend-requests/${request.id}/decline`, () => {
      requests = [];
      return HttpResponse.json({ ok: true });
    }),
    http.get('/api/friend-requests', () => HttpResponse.json<FriendRequestsBody>({ items: requests })),
    ...lists(),
  );
  await renderDialog();
  await page.getByRole('tab', { name: 'Requests (1)' }).click();
  await page.getByRole('button', { name: 'Decline friend request from Alex Rivera' }).click();
  await expectSuccessToast('Friend request declined');
  await expect.element(page.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
});

test("a failed decline shows the server's message in an 'Error' toast", async () => {
  worker.use(
    http.post(`/api/friend-requests/${request.id}/decline`, () =>
      apiError('NOT_FOUND', 'This friend request no longer exists.'),
    ),
    ...lists([request]),
  );
  await renderDialog();
  await page.getByRole('tab', { name: 'Requests (1)' }).click();
  await page.getByRole('button', { name: 'Decline friend request from Alex Rivera' }).click();
  await expectErrorToast('Error', 'This friend request no longer exists.');
});

test("search shows a spinner while it runs, then 'No users found'", async () => {
  const response = deferred();
  worker.use(
    http.get('/api/users/search', async () => {
      await response.promise;
      return HttpResponse.json<SearchBody>({ items: [] });
    }),
    ...lists(),
  );
  await renderDialog();
  await search('nobody');
  await expect.element(page.getByRole('status', { name: 'Searching' })).toBeVisible();
  response.resolve();
  await expect.element(page.getByText('No users found')).toBeVisible();
});

test("a failed search shows 'Search failed' with the server's message", async () => {
  worker.use(
    http.get('/api/users/search', () =>
      apiError('RATE_LIMITED', 'Too many searches. Please wait a minute and try again.'),
    ),
    ...lists(),
  );
  await renderDialog();
  await search('casey');
  await expectErrorToast('Search failed', 'Too many searches. Please wait a minute and try again.');
});

test("a request that cannot be sent shows 'Failed to send request'; a sent one reads 'Friend Request Sent'", async () => {
  const casey = user({ name: 'Casey Jones', username: 'casey' });
  const dana = user({ name: 'Dana Lee', username: 'dana' });
  worker.use(
    http.get('/api/users/search', () =>
      HttpResponse.json<SearchBody>({
        items: [
          { ...casey, relationship: 'none' },
          { ...dana, relationship: 'request_sent' },
        ],
      }),
    ),
    http.post('/api/friend-requests', () => apiError('CONFLICT', 'You are already friends.')),
    ...lists(),
  );
  await renderDialog();
  await search('a');
  await expect.element(page.getByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Friend' }).click();
  await expectErrorToast('Failed to send request', 'You are already friends.');
});

/** A tab's label and count: 'Requests (2)' → { label: 'Requests', count: 2 }. */
function labelAndCount(text: string | null) {
  const match = /^(.+) \((\d+)\)$/.exec(text ?? '');
  return match ? { label: match[1], count: Number(match[2]) } : { label: text, count: null };
}

test("the tabs read 'Friends (n)' and 'Requests (n)' with the profile's counts until the lists arrive", async () => {
  const response = deferred();
  worker.use(
    http.get('/api/friends', async () => {
      await response.promise;
      return HttpResponse.json<FriendsBody>({ items: [alex], nextCursor: null, total: 1 });
    }),
    ...lists([request]),
  );
  await renderScreen(
    <FriendsDialog
      open
      onOpenChange={() => undefined}
      onSelectUser={() => undefined}
      onPlaceBet={() => undefined}
      knownCounts={{ friends: 4, requests: 1 }}
    />,
  );
  await expect.element(page.getByRole('tab', { name: 'Requests (1)' })).toBeVisible();
  const tabs = () =>
    page
      .getByRole('tab')
      .elements()
      .map((tab) => labelAndCount(tab.textContent));
  expect(tabs()).toEqual([
    { label: 'Friends', count: 4 },
    { label: 'Requests', count: 1 },
    { label: 'Add', count: null },
  ]);
  response.resolve();
  await expect.element(page.getByRole('tab', { name: 'Friends (1)' })).toBeVisible();
});

test("a failed accept of a friend request shows the server's message in an 'Error' toast", async () => {
  worker.use(
    http.post(`/api/friend-requests/${request.id}/accept`, () =>
      apiError('NOT_FOUND', 'This friend request no longer exists.'),
    ),
    ...lists([request]),
  );
  await renderDialog();
  await page.getByRole('tab', { name: 'Requests (1)' }).click();
  await page.getByRole('button', { name: 'Accept friend request from Alex Rivera' }).click();
  await expectErrorToast('Error', 'This friend request no longer exists.');
});

test("removing a friend asks first, and a failure shows 'Error' with the spec's fallback", async () => {
  worker.use(
    http.delete(`/api/friends/${alex.id}`, () => networkFailure()),
    http.get('/api/friends', () =>
      HttpResponse.json<FriendsBody>({ items: [alex], nextCursor: null, total: 1 }),
    ),
    ...lists(),
  );
  await renderDialog();
  await page.getByRole('button', { name: 'Remove Alex Rivera' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect.element(confirm.getByRole('heading', { name: 'Remove Alex Rivera?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectErrorToast('Error', 'Please try again.');
});

test("the Friends tab counts every friend and shows them 50 at a time, 'Load more' adding the next page (ADR 043)", async () => {
  const everyone = users(53);
  const cursors: (string | null)[] = [];
  worker.use(
    http.get('/api/friends', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      return HttpResponse.json<FriendsBody>(
        cursor === null
          ? { items: everyone.slice(0, 50), nextCursor: 'after-50', total: 53 }
          : { items: everyone.slice(50), nextCursor: null, total: 53 },
      );
    }),
    ...lists().slice(1),
  );
  await renderDialog();
  await expect.element(page.getByRole('tab', { name: 'Friends (53)' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Friends' });
  await expect.poll(() => list.getByRole('listitem').elements().length).toBe(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => list.getByRole('listitem').elements().length).toBe(53);
  await expect
    .element(page.getByRole('button', { name: `Remove ${everyone[52]?.name ?? ''}` }))
    .toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(cursors).toEqual([null, 'after-50']);
  await expect.element(page.getByRole('tab', { name: 'Friends (53)' })).toBeVisible();
});

test("the Requests tab lists the requests I sent; 'Cancel Request' takes one back, busy until it is gone", async () => {
  const sentTo = user({ name: 'Sam Sent' });
  let sent: SentRequestsBody['items'] = [
    { id: 'sent-1', requested: sentTo, createdAt: new Date().toISOString() },
  ];
  const answer = deferred();
  let cancels = 0;
  worker.use(
    http.get('/api/friend-requests/sent', () => HttpResponse.json<SentRequestsBody>({ items: sent })),
    http.post('/api/friend-requests/sent-1/cancel', async () => {
      cancels += 1;
      await answer.promise;
      sent = [];
      return HttpResponse.json({ ok: true });
    }),
    ...lists([request]),
  );
  await renderDialog();
  await page.getByRole('tab', { name: 'Requests (1)' }).click();
  const sentList = page.getByRole('list', { name: 'Sent requests' });
  await expect.element(sentList.getByText('Sam Sent')).toBeVisible();
  // The incoming request is still there, above.
  await expect
    .element(page.getByRole('button', { name: 'Accept friend request from Alex Rivera' }))
    .toBeVisible();

  const cancel = sentList.getByRole('button', { name: 'Cancel Request' });
  await cancel.click();
  await expect.element(cancel).toBeDisabled();
  await expect.element(cancel).toHaveAttribute('aria-busy', 'true');
  answer.resolve();
  await expectSuccessToast('Friend request cancelled');
  await expect.element(sentList).not.toBeInTheDocument();
  expect(cancels).toBe(1);
});

test("'Add Friend' is busy at once, is sent once, and reads 'Friend Request Sent' as soon as the server answers, before any list re-reads", async () => {
  const casey = user({ name: 'Casey Jones', username: 'casey' });
  const answer = deferred();
  const reread = deferred();
  let searches = 0;
  let sends = 0;
  worker.use(
    http.get('/api/users/search', async () => {
      searches += 1;
      // The re-read after the answer hangs: the button must not wait for it.
      if (searches > 1) await reread.promise;
      return HttpResponse.json<SearchBody>({
        items: [{ ...casey, relationship: searches > 1 ? 'request_sent' : 'none' }],
      });
    }),
    http.post('/api/friend-requests', async () => {
      sends += 1;
      await answer.promise;
      return HttpResponse.json({ status: 'pending' as const }, { status: 201 });
    }),
    ...lists(),
  );
  await renderDialog();
  await search('cas');
  const add = page.getByRole('button', { name: 'Add Friend' });
  await add.click();
  await expect.element(add).toBeDisabled();
  await expect.element(add).toHaveAttribute('aria-busy', 'true');
  await add.click({ force: true }).catch(() => undefined);
  answer.resolve();
  await expectSuccessToast('Friend request sent');
  await expect.element(page.getByRole('button', { name: 'Friend Request Sent' })).toBeDisabled();
  expect(sends).toBe(1);
  reread.resolve();
});
