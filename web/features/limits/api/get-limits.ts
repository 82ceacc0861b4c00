import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getLimits() {
  return unwrap(await api.limits.$get());
}

export function getLimitsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.limits, queryFn: getLimits });
}

/** The weekly loss limit in force, a waiting raise, this week's running total and a break in progress. */
export function useLimits() {
  return useQuery(getLimitsQueryOptions());
}
