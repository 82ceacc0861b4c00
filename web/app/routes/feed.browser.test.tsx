import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { alex, cardBet, comment, feedBet, feedPot, stats, userCard, users } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import {
  apiError,
  feedHandlers,
  networkFailure,
  worker,
  type BalancesBody,
  type CommentsBody,
  type FeedBody,
  type LeaderboardBody,
  type UserCardBody,
} from '#web/testing/msw.ts';
import { loadSonner } from '#web/lib/toast.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast } from '#web/testing/toasts.ts';
import { Component as FeedScreen } from './feed.tsx';

const renderFeed = (url = '/feed') => renderScreen(<FeedScreen />, { path: '/feed', url });

test('the feed shows its loading skeleton until the bets arrive', async () => {
  const response = deferred();
  worker.use(
    http.get('/api/feed', async () => {
      await response.promise;
      return HttpResponse.json<FeedBody>({
        items: [feedBet({ description: 'Snow by Friday' })],
        nextCursor: null,
      });
    }),
    ...feedHandlers([]),
  );
  await renderFeed();
  await expect.element(page.getByRole('status', { name: 'Loading bets' })).toBeVisible();
  response.resolve();
  await expect.element(page.getByText('Snow by Friday')).toBeVisible();
  await expect.element(page.getByRole('status', { name: 'Loading bets' })).not.toBeInTheDocument();
});

test('a full first page loads the next one only when its end scrolls near, not while it renders', async () => {
  const cursors: (string | null)[] = [];
  worker.use(
    http.get('/api/feed', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      return HttpResponse.json<FeedBody>({
        items: Array.from({ length: 20 }, (_, i) =>
          feedBet({ description: `Bet ${i} of page ${cursor ?? 1}` }),
        ),
        nextCursor: cursor ? null : 'page-2',
      });
    }),
    ...feedHandlers([]),
  );
  await renderFeed();
  await expect.element(page.getByText('Bet 19 of page 1')).toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  // The first cards alone once had the list's end in view: the next page loaded as the rest rendered.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(cursors).toEqual([null]);
  page.getByRole('button', { name: 'Load more' }).element().scrollIntoView();
  await expect.element(page.getByText('Bet 19 of page page-2')).toBeInTheDocument();
  expect(cursors).toEqual([null, 'page-2']);
});

test("a failed feed shows 'Error loading bets' in a toast and on screen, and Retry loads it", async () => {
  let fail = true;
  worker.use(
    http.get('/api/feed', () =>
      fail
        ? apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
        : HttpResponse.json<FeedBody>({
            items: [feedBet({ description: 'Snow by Friday' })],
            nextCursor: null,
          }),
    ),
    ...feedHandlers([]),
  );
  await renderFeed();
  await expectErrorToast('Error loading bets', 'Failed to load bets. Please try again.');
  await expect.element(page.getByRole('main').getByText('Error loading bets')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.element(page.getByText('Snow by Friday')).toBeVisible();
});

test("an empty feed says 'No bets yet' / 'Place your first bet to see the feed!'", async () => {
  worker.use(...feedHandlers([]));
  await renderFeed();
  await expect.element(page.getByText('No bets yet')).toBeVisible();
  await expect.element(page.getByText('Place your first bet to see the feed!')).toBeVisible();
});

test("an empty leaderboard says 'No winners yet' / 'Complete some bets to see the leaderboard!'", async () => {
  worker.use(...feedHandlers([]));
  await renderFeed('/feed?tab=leaderboard');
  await expect.element(page.getByText('Weekly Leaders')).toBeVisible();
  await expect.element(page.getByText('Most wins this week')).toBeVisible();
  await expect.element(page.getByText('No winners yet')).toBeVisible();
  await expect.element(page.getByText('Complete some bets to see the leaderboard!')).toBeVisible();
});

test("a bet without comments says 'No comments yet. Be the first!' and a failed comment shows 'Failed to add comment.'", async () => {
  const bet = feedBet();
  worker.use(
    http.get(`/api/bets/${bet.id}/comments`, () => HttpResponse.json<CommentsBody>({ items: [] })),
    http.post(`/api/bets/${bet.id}/comments`, () => networkFailure()),
    ...feedHandlers([bet]),
  );
  await renderFeed();
  await page.getByRole('button', { name: 'Comments' }).click();
  await expect.element(page.getByText('No comments yet. Be the first!')).toBeVisible();
  const send = page.getByRole('button', { name: 'Send comment' });
  await expect.element(send).toBeDisabled();
  await page.getByPlaceholder('Add a comment...').fill('I will win this');
  await send.click();
  await expectErrorToast('Error', 'Failed to add comment.');
  await expect.element(page.getByPlaceholder('Add a comment...')).toHaveValue('I will win this');
});

test("a profile that cannot load shows 'Failed to load user profile data.' and its toast", async () => {
  worker.use(
    http.get(`/api/users/${alex.id}`, () =>
      apiError('INTERNAL', 'Something went wrong on our side. Please try again.'),
    ),
    ...feedHandlers([feedBet()]),
  );
  await renderFeed();
  await page.getByRole('button', { name: 'Alex Rivera' }).click();
  await expectErrorToast('Error loading profile', 'Failed to load user profile data.');
  await expect.element(page.getByRole('dialog').getByText('Failed to load user profile data.')).toBeVisible();
});

/** Opens Alex's profile dialog from a feed card, the server answering `card` for it. */
async function openAlexCard(card: UserCardBody) {
  worker.use(
    http.get(`/api/users/${alex.id}`, () => HttpResponse.json<UserCardBody>(card)),
    http.get('/api/balances', () => HttpResponse.json<BalancesBody>({ items: [] })),
    ...feedHandlers([feedBet()]),
  );
  await renderFeed();
  await page.getByRole('button', { name: 'Alex Rivera' }).click();
  return page.getByRole('dialog');
}

test("a friend's profile lists 8 friends then '+N more', and 5 recent bets then '+N more bets'", async () => {
  const friends = users(11).map((friend) => ({ ...friend, relationship: 'friend' as const }));
  const card: UserCardBody = userCard({
    relationship: 'friend',
    stats: stats({ wins: 2, losses: 1, totalBets: 3, winRate: 66.7, streak: 2, netWinnings: 15 }),
    payerRecord: { onTime: 0, total: 0, unpaid: 0 },
    friends: { items: friends.slice(0, 8), total: 11 },
    recentBets: { items: Array.from({ length: 5 }, () => cardBet()), total: 7 },
  });
  const dialog = await openAlexCard(card);
  await expect.element(dialog.getByText('+3 more', { exact: true })).toBeVisible();
  await expect.element(dialog.getByText('+2 more bets')).toBeVisible();
  await expect.element(dialog.getByText('Total Bets')).toBeVisible();
  await expect.element(dialog.getByText('Net Winnings')).toBeVisible();
  await expect.element(dialog.getByText('Recent Bets')).toBeVisible();
  await expect.element(dialog.getByRole('button', { name: 'All settled up' })).toBeVisible();
});

test("a profile's recent bets show an odds bet's stakes as its card does: '$20 vs $10' (ADR 062)", async () => {
  const card: UserCardBody = userCard({
    relationship: 'friend',
    stats: stats(),
    payerRecord: { onTime: 0, total: 0, unpaid: 0 },
    friends: { items: [], total: 0 },
    recentBets: {
      items: [
        cardBet({ description: 'Odds bet', amount: 20, creatorStake: 20, opponentStake: 10 }),
        cardBet({ description: 'Even bet', amount: 15 }),
      ],
      total: 2,
    },
  });
  const recent = (await openAlexCard(card)).getByRole('region', { name: 'Recent Bets' });
  const item = (text: string) => recent.getByRole('listitem').filter({ hasText: text });
  await expect.element(item('Odds bet').getByText('$20 vs $10', { exact: true })).toBeVisible();
  await expect.element(item('Even bet').getByText('$15', { exact: true })).toBeVisible();
});

test('the leaderboard spins while it loads, then shows only the top three', async () => {
  const response = deferred();
  const leaders = users(4).map((leader, index) => ({ rank: index + 1, user: leader, wins: 9 - index }));
  worker.use(
    http.get('/api/feed/leaderboard', async () => {
      await response.promise;
      return HttpResponse.json<LeaderboardBody>({ items: leaders });
    }),
    ...feedHandlers([]),
  );
  await renderFeed('/feed?tab=leaderboard');
  await expect.element(page.getByRole('status', { name: 'Loading leaderboard' })).toBeVisible();
  response.resolve();
  const list = page.getByRole('list', { name: 'Weekly Leaders' });
  await expect.element(list).toBeVisible();
  expect(list.getByRole('listitem').elements()).toHaveLength(3);
  await expect.element(list.getByText('Friend 4')).not.toBeInTheDocument();
});

test('a leaderboard that fails to load is not toasted, and Retry loads it', async () => {
  let fail = true;
  worker.use(
    http.get('/api/feed/leaderboard', () =>
      fail
        ? apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
        : HttpResponse.json<LeaderboardBody>({ items: [] }),
    ),
    ...feedHandlers([]),
  );
  await renderFeed('/feed?tab=leaderboard');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect.element(retry).toBeVisible();
  // A toast for the failure would be in sonner's state by now (web/lib/toast.ts adds it once sonner has loaded).
  expect((await loadSonner()).toast.getToasts()).toEqual([]);
  fail = false;
  await retry.click();
  await expect.element(page.getByText('No winners yet')).toBeVisible();
});

test('comments spin while they load, and a failed load offers Retry', async () => {
  const bet = feedBet();
  const response = deferred();
  let fail = true;
  worker.use(
    http.get(`/api/bets/${bet.id}/comments`, async () => {
      await response.promise;
      return fail
        ? apiError('INTERNAL', 'Something went wrong on our side. Please try again.')
        : HttpResponse.json<CommentsBody>({ items: [comment({ text: 'See you at the game' })] });
    }),
    ...feedHandlers([bet]),
  );
  await renderFeed();
  await page.getByRole('button', { name: 'Comments' }).click();
  await expect.element(page.getByRole('status', { name: 'Loading comments' })).toBeVisible();
  response.resolve();
  await expect.element(page.getByText('Failed to load comments.')).toBeVisible();
  fail = false;
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect.element(page.getByText('See you at the game')).toBeVisible();
  await expect.element(page.getByText('Alex Rivera', { exact: true }).last()).toBeVisible();
});

test("a pot's card: the question links to its page, 'Pot: $N', entrants, state and result; liked and commented on as a pot", async () => {
  const pot = feedPot({
    question: 'Who gets engaged first?',
    entrantCount: 4,
    status: 'decided',
    outcome: 'won',
    result: 'Result: Ana',
    commentCount: 1,
  });
  const open = feedPot({ question: 'Over/under 3.5 goals?', status: 'awaiting' });
  const likes: string[] = [];
  worker.use(
    http.put(`/api/pots/${pot.id}/like`, () => {
      likes.push(pot.id);
      return HttpResponse.json({ liked: true, likeCount: 1 });
    }),
    http.get(`/api/pots/${pot.id}/comments`, () =>
      HttpResponse.json<CommentsBody>({ items: [comment({ text: 'Called it' })] }),
    ),
    ...feedHandlers([pot, feedBet({ description: 'Snow by Friday' }), open]),
  );
  await renderFeed();
  const card = page.getByRole('article', { name: 'Alex Rivera started a pot' }).first();
  await expect
    .element(card.getByRole('link', { name: 'Who gets engaged first?' }))
    .toHaveAttribute('href', `/pots/${pot.id}`);
  await expect.element(card.getByText('Pot: $20')).toBeVisible();
  await expect.element(card.getByText('4 entrants · $5 per person')).toBeVisible();
  await expect.element(card.getByText('Decided')).toBeVisible();
  await expect.element(card.getByText('Result: Ana')).toBeVisible();
  await expect.element(page.getByText('Awaiting result')).toBeVisible();
  await expect.element(page.getByText('Snow by Friday')).toBeVisible();
  await card.getByRole('button', { name: 'Like' }).click();
  await expect.element(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  expect(likes).toEqual([pot.id]);
  await card.getByRole('button', { name: 'Comments' }).click();
  await expect.element(page.getByRole('dialog').getByText('Called it')).toBeVisible();
});
