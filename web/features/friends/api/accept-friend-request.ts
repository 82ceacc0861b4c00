import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph } from '../../../lib/query-keys.ts';

export async function acceptFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].accept.$post({ param: { id: requestId } }));
}

export function useAcceptFriendRequest(config: MutationConfig<typeof acceptFriendRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: acceptFriendRequest,
    onSuccess: async (...args) => {
      await invalidateFriendGraph(queryClient);
      await config.onSuccess?.(...args);
    },
  });
}
