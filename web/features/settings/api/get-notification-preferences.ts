import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function getNotificationPreferences() {
  return unwrap(await api.settings.notifications.$get());
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: getNotificationPreferences });
}

/** Every category × channel, defaults filled in by the server. */
export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
