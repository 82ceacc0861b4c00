import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NotificationSummary } from '#domain/bets.ts';
import { notificationSummaryKey, queryKeys } from '#web/lib/query-keys.ts';
import { loadApiClient } from './load-api-client.ts';

export async function markAllNotificationsRead() {
  const { api, unwrap } = await loadApiClient();
  // keepalive: the dot has already cleared, so a reload or a link followed at once must not cancel the read.
  return unwrap(await api.notifications['read-all'].$post(undefined, { init: { keepalive: true } }));
}

/**
 * Marks all my notifications read: the dot drops the unread part at once,
 * then the summary is re-read either way. A plain callback rather than
 * useMutation, which would pull the mutation machinery into the first
 * download (the bottom navigation is part of it) for a fire-and-forget call.
 */
export function useMarkAllNotificationsRead(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.cancelQueries({ queryKey: notificationSummaryKey });
    queryClient.setQueryData<NotificationSummary>(notificationSummaryKey, (summary) =>
      summary ? { ...summary, unreadCount: 0 } : summary,
    );
    markAllNotificationsRead()
      .catch(() => {
        // Only the dot depends on it; the refetch below shows the server's truth.
      })
      .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications }));
  }, [queryClient]);
}
