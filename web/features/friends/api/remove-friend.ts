import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph } from '../../../lib/query-keys.ts';

/** Ends the friendship on both sides (ADR 007). */
export async function removeFriend(userId: string) {
  return unwrap(await api.friends[':userId'].$delete({ param: { userId } }));
}

export function useRemoveFriend(config: MutationConfig<typeof removeFriend> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removeFriend,
    onSuccess: async (...args) => {
      await invalidateFriendGraph(queryClient);
      await config.onSuccess?.(...args);
    },
  });
}
