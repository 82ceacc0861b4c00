import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateLossLimitInput } from '#domain/limits.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function updateLossLimit(input: UpdateLossLimitInput) {
  return unwrap(await api.limits['weekly-loss'].$put({ json: input }));
}

/** Saves the weekly loss limit; the server's answer (with any waiting raise) replaces the cache. */
export function useUpdateLossLimit(config: MutationConfig<typeof updateLossLimit> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateLossLimit,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.limits, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}
