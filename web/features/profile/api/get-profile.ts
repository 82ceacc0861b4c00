import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getProfile() {
  return unwrap(await api.profile.$get());
}

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.profile,
    queryFn: getProfile,
    meta: {
      errorToast: { title: 'Error loading profile', description: 'Failed to load your profile data.' },
    },
  });
}

/** Everything the /profile screen shows: profile, stats, first friends and the pending-request count. */
export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
