import { useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';

/**
 * The inbox's 'Mark All Read': every unread line read on the server, then the bell, the dot and the
 * inbox's pages re-read (what a 'notifications' change covers) before the caller's `onSuccess`.
 */
export function useMarkAllRead(config: MutationConfig<typeof markAllNotificationsRead> = {}) {
  return useChangeMutation(['notifications'], markAllNotificationsRead, config);
}
