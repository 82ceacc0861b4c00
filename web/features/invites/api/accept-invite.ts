import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph, queryKeys } from '../../../lib/query-keys.ts';

/** 'Accept Invite': the two become friends at once (the link is the inviter's consent). */
export async function acceptInvite(code: string) {
  return unwrap(await api.invites[':code'].accept.$post({ param: { code } }));
}

export function useAcceptInvite(config: MutationConfig<typeof acceptInvite> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: acceptInvite,
    onSuccess: async (...args) => {
      await Promise.all([
        invalidateFriendGraph(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
      ]);
      await config.onSuccess?.(...args);
    },
  });
}
