import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartBreakInput } from '#domain/limits.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export async function startBreak(input: StartBreakInput) {
  return unwrap(await api.limits.break.$post({ json: input }));
}

/** 'Start Break': the answer carries the break's end, which the Place Bet screen reads from the same cache. */
export function useStartBreak(config: MutationConfig<typeof startBreak> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: startBreak,
    onSuccess: async (...args) => {
      queryClient.setQueryData(queryKeys.limits, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}
