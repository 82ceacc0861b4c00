import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeKind } from '#domain/realtime.ts';

/** Every TanStack Query key lives here, so one feature can invalidate another's cache. */
export const queryKeys = {
  config: ['config'] as const,
  profile: ['profile'] as const,
  friends: ['friends'] as const,
  friendRequests: ['friend-requests'] as const,
  /** The requests I sent that wait for an answer: under `friendRequests`, so a 'friends' change refreshes them. */
  sentFriendRequests: ['friend-requests', 'sent'] as const,
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
  /** A public invite page; under `invites`, which a 'friends' change refreshes. */
  invite: (code: string) => ['invites', 'code', code] as const,
  invites: ['invites'] as const,
  /** The viewer's Push and Email switches per category (/settings). */
  notificationPreferences: ['settings', 'notifications'] as const,
  /** Prefix of the balances card and each friend's balance. */
  balances: ['balances'] as const,
  balance: (friendId: string) => ['balances', friendId] as const,
  /** The viewer's weekly loss limit and break; its running total moves with their bets. */
  limits: ['limits'] as const,
  /** Prefix of every pot page: what a 'pots' event refreshes. */
  pots: ['pots'] as const,
  pot: (potId: string) => ['pots', potId] as const,
  /** The profile's 'Open Pots' and decided pots: under `pots`, so every pot change refreshes them. */
  myPots: ['pots', 'mine'] as const,
  /** Proof photos (ADR 061): under the bet page's and the pot page's keys, so their changes refresh them. */
  betProofs: (betId: string) => ['feed', 'bet', betId, 'proofs'] as const,
  potProofs: (potId: string) => ['pots', potId, 'proofs'] as const,
  /** Place Bet's referee picker: friends of both parties. */
  refereeCandidates: (opponentId: string) => ['friends', 'referee-candidates', opponentId] as const,
  /** Prefix of the Groups card, every group page and its tabs, and group links: what a 'groups' event refreshes. */
  groups: ['groups'] as const,
  group: (groupId: string) => ['groups', groupId] as const,
  groupLink: (code: string) => ['groups', 'link', code] as const,
};

/**
 * The one table from a realtime change kind to the cached queries it makes stale.
 * The event stream applies it to each event (web/lib/events.ts); a mutation applies it to the kinds the
 * server publishes for its change (web/lib/change-mutation.ts), so the actor's own screen does not wait
 * for the event.
 */
export const keysForChange: Record<ChangeKind, readonly QueryKey[]> = {
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
  // A pot changed: its page and the profile's pot lists (under `pots`), its feed card, the limits its stakes
  // count against, what waits on the viewer (the inbox's 'Waiting on You' and the red dot read
  // invitations, referee requests and disputes to vote on), and its group's tabs.
  pots: [queryKeys.pots, queryKeys.feed, queryKeys.limits, queryKeys.notifications, queryKeys.activity, queryKeys.groups],
  groups: [queryKeys.groups, queryKeys.notifications, queryKeys.activity],
  // Everything that shows who is friends with whom.
  friends: [
    queryKeys.invites,
    queryKeys.profile,
    queryKeys.friends,
    queryKeys.friendRequests,
    queryKeys.userCards,
    queryKeys.searches,
    queryKeys.notifications,
    queryKeys.activity,
  ],
  // Someone's name, username or photo changed: every card, list and dialog that shows a person.
  people: [
    queryKeys.profile,
    queryKeys.friends,
    queryKeys.friendRequests,
    queryKeys.userCards,
    queryKeys.searches,
    queryKeys.bets,
    queryKeys.feed,
    queryKeys.activity,
    queryKeys.balances,
    queryKeys.invites,
  ],
};

/** Invalidates what the given change kinds cover, each key once; resolves when the active ones refetched. */
export async function invalidateChanges(
  queryClient: QueryClient,
  kinds: readonly ChangeKind[],
): Promise<void> {
  const keys = new Set(kinds.flatMap((kind) => keysForChange[kind]));
  await Promise.all([...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The viewer's own bets: pending, active and the loaded pages of past bets (one infinite query). */
export const myBetsKey = [...queryKeys.bets, 'mine'] as const;
/** My open challenges: under `bets`, so a 'bets' event (one was taken) refreshes the list. */
export const myChallengesKey = [...queryKeys.bets, 'challenges'] as const;
/** The red dot's summary (unread count, pending action). */
export const notificationSummaryKey = [...queryKeys.notifications, 'summary'] as const;
