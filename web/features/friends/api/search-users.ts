import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function searchUsers(term: string) {
  return unwrap(await api.users.search.$get({ query: { q: term } }));
}

export function searchUsersQueryOptions(term: string) {
  return queryOptions({
    queryKey: queryKeys.search(term),
    queryFn: () => searchUsers(term),
    meta: { errorToast: { title: 'Search failed' } },
  });
}

/** Users whose username or name starts with the term, or whose complete phone number it is; idle while the term is blank (the server refuses it). */
export function useSearchUsers(term: string) {
  const trimmed = term.trim();
  return useQuery({
    ...searchUsersQueryOptions(trimmed),
    enabled: trimmed !== '',
    // Keep the last results on screen while the next term loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
