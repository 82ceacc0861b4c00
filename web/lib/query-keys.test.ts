import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { myBetsKey, notificationSummaryKey, invalidateChanges, queryKeys } from './query-keys.ts';

function clientWith(keys: readonly QueryKey[]) {
  const queryClient = new QueryClient();
  for (const queryKey of keys) queryClient.setQueryData(queryKey, 'cached');
  return queryClient;
}

const stale = (queryClient: QueryClient, queryKey: QueryKey) =>
  queryClient.getQueryState(queryKey)?.isInvalidated ?? false;

test('a bet transition refreshes the bet lists, the bet page, the red dot and balances, not the friend list', async () => {
  const keys = [
    myBetsKey,
    queryKeys.bet('b1'),
    notificationSummaryKey,
    queryKeys.balance('f1'),
    queryKeys.friends,
  ];
  const queryClient = clientWith(keys);
  await invalidateChanges(queryClient, ['bets', 'feed']);
  expect(keys.map((key) => stale(queryClient, key))).toEqual([true, true, true, true, false]);
});

test('a friends change refreshes requests, searches and user cards, not the feed', async () => {
  const keys = [
    queryKeys.friendRequests,
    queryKeys.search('al'),
    queryKeys.userCard('u1'),
    queryKeys.feedPages,
  ];
  const queryClient = clientWith(keys);
  await invalidateChanges(queryClient, ['friends']);
  expect(keys.map((key) => stale(queryClient, key))).toEqual([true, true, true, false]);
});

test('a notifications change refreshes the red dot and the inbox only', async () => {
  const keys = [notificationSummaryKey, queryKeys.waitingOnYou, myBetsKey];
  const queryClient = clientWith(keys);
  await invalidateChanges(queryClient, ['notifications']);
  expect(keys.map((key) => stale(queryClient, key))).toEqual([true, true, false]);
});

test("a people change (a rename, a new photo) refreshes every place that shows a person: cards, lists, the feed's pages and comments, the inbox", async () => {
  const keys = [
    queryKeys.profile,
    queryKeys.friends,
    queryKeys.friendRequests,
    queryKeys.sentFriendRequests,
    queryKeys.userCard('u1'),
    queryKeys.search('al'),
    myBetsKey,
    queryKeys.feedPages,
    queryKeys.leaderboard,
    queryKeys.comments('b1'),
    queryKeys.bet('b1'),
    queryKeys.activityPages,
    queryKeys.balance('f1'),
    notificationSummaryKey,
  ];
  const queryClient = clientWith(keys);
  await invalidateChanges(queryClient, ['people']);
  // Everything but the red dot, which no name or photo changes.
  expect(keys.map((key) => stale(queryClient, key))).toEqual([...keys.slice(0, -1).map(() => true), false]);
});
