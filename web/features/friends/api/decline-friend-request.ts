import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph } from '../../../lib/query-keys.ts';

export async function declineFriendRequest(requestId: string) {
  return unwrap(await api['friend-requests'][':id'].decline.$post({ param: { id: requestId } }));
}

export function useDeclineFriendRequest(config: MutationConfig<typeof declineFriendRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: declineFriendRequest,
    onSuccess: async (...args) => {
      await invalidateFriendGraph(queryClient);
      await config.onSuccess?.(...args);
    },
  });
}
