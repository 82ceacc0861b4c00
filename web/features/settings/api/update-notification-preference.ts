import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, UpdateNotificationPreferenceInput } from '#domain/notification-preferences.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function updateNotificationPreference(input: UpdateNotificationPreferenceInput) {
  return unwrap(await api.settings.notifications.$put({ json: input }));
}

const withSwitch = (list: NotificationPreference[], input: UpdateNotificationPreferenceInput) =>
  list.map((p) => (p.category === input.category && p.channel === input.channel ? { ...p, enabled: input.enabled } : p));

/**
 * Saves one switch at once, optimistically: the switch moves on press and
 * moves back if the server refuses. The server's list then replaces the cache.
 */
export function useUpdateNotificationPreference(config: MutationConfig<typeof updateNotificationPreference> = {}) {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationPreferences;
  return useMutation({
    ...config,
    mutationFn: updateNotificationPreference,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreference[]>(key);
      if (previous) queryClient.setQueryData(key, withSwitch(previous, input));
      return { previous };
    },
    onError: async (error, input, context, mutation) => {
      // Only this switch goes back: another switch saved meanwhile keeps its new value.
      const current = queryClient.getQueryData<NotificationPreference[]>(key);
      const before = context?.previous?.find((p) => p.category === input.category && p.channel === input.channel);
      if (current && before) queryClient.setQueryData(key, withSwitch(current, before));
      await config.onError?.(error, input, context, mutation);
    },
    onSuccess: async (...args) => {
      queryClient.setQueryData(key, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}
