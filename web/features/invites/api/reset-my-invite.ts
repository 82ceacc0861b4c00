import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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
