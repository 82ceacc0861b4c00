import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Bets and friend requests waiting on me (the red dot's rule). */
export async function getWaitingOnYou() {
  return unwrap(await api.activity.waiting.$get());
}

export type WaitingOnYou = Awaited<ReturnType<typeof getWaitingOnYou>>;

export function getWaitingOnYouQueryOptions() {
  return queryOptions({ queryKey: queryKeys.waitingOnYou, queryFn: getWaitingOnYou });
}

export function useWaitingOnYou() {
  return useQuery(getWaitingOnYouQueryOptions());
}
