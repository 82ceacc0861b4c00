import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { myChallengesKey, queryKeys } from '#web/lib/query-keys.ts';

/** The creator closes an open challenge; its link then says it was cancelled. */
export async function cancelChallenge(code: string) {
  return unwrap(await api.challenges[':code'].cancel.$post({ param: { code } }));
}

export function useCancelChallenge(config: MutationConfig<typeof cancelChallenge> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelChallenge,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myChallengesKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.challenges }),
      ]),
  });
}
