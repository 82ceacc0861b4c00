import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The viewer and their friends, by bets won in the last 7 days (top 10, ties share a rank). */
export async function getLeaderboard() {
  return unwrap(await api.feed.leaderboard.$get());
}

export function getLeaderboardQueryOptions() {
  return queryOptions({ queryKey: queryKeys.leaderboard, queryFn: getLeaderboard });
}

export function useLeaderboard() {
  return useQuery(getLeaderboardQueryOptions());
}
