import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph } from '../../../lib/query-keys.ts';

/** Answers 'accepted' when that user had already asked me: sending accepts theirs. */
export async function sendFriendRequest(userId: string) {
  return unwrap(await api['friend-requests'].$post({ json: { userId } }));
}

export function useSendFriendRequest(config: MutationConfig<typeof sendFriendRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendFriendRequest,
    onSuccess: async (...args) => {
      await invalidateFriendGraph(queryClient);
      await config.onSuccess?.(...args);
    },
  });
}
