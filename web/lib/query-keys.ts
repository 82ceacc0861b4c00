import type { QueryClient } from '@tanstack/react-query';

/** Every TanStack Query key lives here, so one feature can invalidate another's cache. */
export const queryKeys = {
  config: ['config'] as const,
  profile: ['profile'] as const,
  friends: ['friends'] as const,
  friendRequests: ['friend-requests'] as const,
  /** Prefix of every user card, to refresh all open ones at once. */
  userCards: ['user-card'] as const,
  userCard: (userId: string) => ['user-card', userId] as const,
  /** Prefix of every search, to refresh results whose relationship changed. */
  searches: ['user-search'] as const,
  search: (term: string) => ['user-search', term] as const,
  /** Prefix of the viewer's bet lists (profile sections, past pages). */
  bets: ['bets'] as const,
  /** Prefix of the red dot's summary. */
  notifications: ['notifications'] as const,
  /** Prefix of feed pages, the leaderboard and comment lists: what a 'feed' event refreshes. */
  feed: ['feed'] as const,
  // These three start with `feed`, so a 'feed' event (a bet a viewer can see
  // changed, or someone commented on it) refreshes the loaded feed pages, the
  // weekly leaderboard and every open comment list at once.
  feedPages: ['feed', 'pages'] as const,
  leaderboard: ['feed', 'leaderboard'] as const,
  comments: (betId: string) => ['feed', 'comments', betId] as const,
  /** The bet page: under `feed`, so every change to a bet a viewer can see refreshes it. */
  bet: (betId: string) => ['feed', 'bet', betId] as const,
  /** Prefix of challenge links' public views. */
  challenges: ['challenge'] as const,
  challenge: (code: string) => ['challenge', code] as const,
  /** Prefix of the activity inbox: its pages and 'Waiting on You'. */
  activity: ['activity'] as const,
  activityPages: ['activity', 'pages'] as const,
  waitingOnYou: ['activity', 'waiting'] as const,
  /** The viewer's own invite link. */
  myInvite: ['invites', 'mine'] as const,
  /** A public invite page; under `friends`-refreshed keys via friendGraphKeys. */
  invite: (code: string) => ['invites', 'code', code] as const,
  invites: ['invites'] as const,
  /** The viewer's Push and Email switches per category (/settings). */
  notificationPreferences: ['settings', 'notifications'] as const,
  /** Prefix of the balances card and each friend's balance (issue 12). */
  balances: ['balances'] as const,
  balance: (friendId: string) => ['balances', friendId] as const,
  /** The viewer's weekly loss limit and break (issue 12, section 6); its running total moves with their bets. */
  limits: ['limits'] as const,
};

/** Everything that shows who is friends with whom. */
const friendGraphKeys = [
  queryKeys.invites,
  queryKeys.profile,
  queryKeys.friends,
  queryKeys.friendRequests,
  queryKeys.userCards,
  queryKeys.searches,
  queryKeys.notifications,
  queryKeys.activity,
] as const;

/** Which cached queries a realtime change event makes stale (see web/lib/events.ts). */
export const keysForChange = {
  bets: [
    queryKeys.bets,
    queryKeys.notifications,
    queryKeys.profile,
    queryKeys.userCards,
    queryKeys.activity,
    queryKeys.balances,
    queryKeys.limits,
  ],
  notifications: [queryKeys.notifications, queryKeys.activity],
  feed: [queryKeys.feed],
  // The same set a friend mutation refreshes on the actor's own screen.
  friends: friendGraphKeys,
} as const;

/**
 * A change in the friend graph (request sent, accepted, declined, friend
 * removed) refreshes every list and card that shows it. Mutations await this,
 * so their buttons stay busy until the screen shows the change.
 */
export async function invalidateFriendGraph(queryClient: QueryClient): Promise<void> {
  await Promise.all(friendGraphKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The viewer's own bets: pending, active and the loaded pages of past bets (one infinite query). */
export const myBetsKey = [...queryKeys.bets, 'mine'] as const;
/** My open challenges: under `bets`, so a 'bets' event (one was taken) refreshes the list. */
export const myChallengesKey = [...queryKeys.bets, 'challenges'] as const;
/** The red dot's summary (unread count, pending action). */
export const notificationSummaryKey = [...queryKeys.notifications, 'summary'] as const;

/** Everything a bet transition can change for the viewer: lists, the red dot, stats, cards, the feed. */
const betChangeKeys = [
  queryKeys.bets,
  queryKeys.notifications,
  queryKeys.profile,
  queryKeys.userCards,
  queryKeys.feed,
  queryKeys.activity,
  queryKeys.balances,
  queryKeys.limits,
] as const;

/**
 * Refreshes what a bet transition changed. Mutations await it, so their
 * buttons stay busy until the card shows the new state. The SSE event would
 * do the same a moment later; this keeps the actor's own screen from waiting on it.
 */
export async function invalidateBetChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(betChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
