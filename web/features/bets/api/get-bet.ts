import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** One bet as its feed card shows it, plus what the viewer may do now; 404 when they may not see it. */
export async function getBet(betId: string) {
  return unwrap(await api.bets[':id'].$get({ param: { id: betId } }));
}

export function getBetQueryOptions(betId: string) {
  // No error toast: the page itself says 'Oops! Page not found' (or offers a retry).
  return queryOptions({ queryKey: queryKeys.bet(betId), queryFn: () => getBet(betId) });
}

/** The bet page's data (/bets/:id). */
export function useBet(betId: string) {
  return useQuery(getBetQueryOptions(betId));
}
