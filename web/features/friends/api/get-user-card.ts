import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getUserCard(userId: string) {
  return unwrap(await api.users[':id'].$get({ param: { id: userId } }));
}

export function getUserCardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.userCard(userId),
    queryFn: () => getUserCard(userId),
    meta: {
      errorToast: { title: 'Error loading profile', description: 'Failed to load user profile data.' },
    },
  });
}

/** The user profile dialog; stats, friends and bets come only for friends (and me). */
export function useUserCard(userId: string | null) {
  return useQuery({ ...getUserCardQueryOptions(userId ?? ''), enabled: userId !== null });
}
