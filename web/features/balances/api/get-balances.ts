import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getBalances() {
  return unwrap(await api.balances.$get());
}

export const getBalancesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.balances,
    queryFn: getBalances,
    meta: { errorToast: { title: 'Error loading balances' } },
  });

/** The Profile screen's 'Balances' card: every non-zero net per friend, largest first. */
export function useBalances() {
  return useQuery(getBalancesQueryOptions());
}

export async function getBalance(friendId: string) {
  return unwrap(await api.balances[':friendId'].$get({ param: { friendId } }));
}

/** The balance with one friend: the bets behind it and a payment to confirm. */
export function useBalance(friendId: string | null) {
  return useQuery({
    queryKey: queryKeys.balance(friendId ?? ''),
    queryFn: () => getBalance(friendId ?? ''),
    enabled: friendId !== null,
  });
}
