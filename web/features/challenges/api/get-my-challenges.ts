import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { myChallengesKey } from '#web/lib/query-keys.ts';

/** My open challenges (not taken, cancelled or expired), for the profile. */
export async function getMyChallenges() {
  return unwrap(await api.challenges.mine.$get());
}

export function getMyChallengesQueryOptions() {
  return queryOptions({ queryKey: myChallengesKey, queryFn: getMyChallenges });
}

export function useMyChallenges() {
  return useQuery(getMyChallengesQueryOptions());
}
