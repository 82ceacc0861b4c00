import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSummaryKey } from '#web/lib/query-keys.ts';
import { loadApiClient } from './load-api-client.ts';

export async function getNotificationSummary() {
  const { api, unwrap } = await loadApiClient();
  return unwrap(await api.notifications.summary.$get());
}

export function getNotificationSummaryQueryOptions() {
  // Kept fresh by realtime events ('bets' and 'notifications' invalidate it), not by polling.
  return queryOptions({ queryKey: notificationSummaryKey, queryFn: getNotificationSummary });
}

/** Unread notifications and whether a bet waits on me: the Profile tab's red dot. */
export function useNotificationSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getNotificationSummaryQueryOptions(), enabled });
}
