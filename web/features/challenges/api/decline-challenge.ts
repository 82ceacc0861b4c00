import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Hides a challenge for me and tells its creator; the link stays open for others. */
export async function declineChallenge(code: string) {
  return unwrap(await api.challenges[':code'].decline.$post({ param: { code } }));
}

export function useDeclineChallenge(config: MutationConfig<typeof declineChallenge> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: declineChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.challenges }),
  });
}
