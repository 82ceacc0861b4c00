import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** One page of the inbox, newest first; `cursor` is the previous page's `nextCursor`. */
export async function getActivity(cursor: string | null) {
  return unwrap(await api.activity.$get({ query: cursor ? { cursor } : {} }));
}

export function getActivityQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.activityPages,
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorToast: { title: 'Error', description: 'Failed to load activity. Please try again.' } },
  });
}

/** The activity inbox, 20 lines at a time. */
export function useActivity() {
  return useInfiniteQuery(getActivityQueryOptions());
}
