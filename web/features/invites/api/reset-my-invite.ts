import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** A new code; the old link stops working at once. */
export async function resetMyInvite() {
  return unwrap(await api.invites.mine.reset.$post());
}

export function useResetMyInvite(config: MutationConfig<typeof resetMyInvite> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetMyInvite,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.myInvite, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}
