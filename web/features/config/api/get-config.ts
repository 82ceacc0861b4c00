import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getConfig() {
  return unwrap(await api.config.$get());
}

export function getConfigQueryOptions() {
  // Deployment settings do not change while the page is open.
  return queryOptions({ queryKey: queryKeys.config, queryFn: getConfig, staleTime: Infinity });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}
