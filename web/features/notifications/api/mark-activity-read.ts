import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkActivityReadInput } from '#domain/notifications.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { notificationSummaryKey } from '#web/lib/query-keys.ts';

export async function markActivityRead(input: MarkActivityReadInput) {
  return unwrap(await api.activity.read.$post({ json: input }));
}

/**
 * Marks the lines the inbox shows read. Only the bell's count is refreshed:
 * the open inbox keeps its unread marks for this visit.
 */
export function useMarkActivityRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markActivityRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSummaryKey }),
  });
}
