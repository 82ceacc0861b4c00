import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The profile's pots: 'Open Pots' and the decided ones (ADR 060). */
export async function getMyPots() {
  return unwrap(await api.pots.mine.$get());
}

export const getMyPotsQueryOptions = () => queryOptions({ queryKey: queryKeys.myPots, queryFn: getMyPots });

export function useMyPots() {
  return useQuery(getMyPotsQueryOptions());
}
