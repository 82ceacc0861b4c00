import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';
import { invalidateFriendGraph, queryKeys } from '../../../lib/query-keys.ts';
import { useBetMutation } from '../hooks/use-bet-mutation.ts';

/** Takes a challenge: the taker becomes the opponent and accepts at once, with an optional prediction. */
export async function takeChallenge({ code, prediction }: { code: string; prediction?: string }) {
  return unwrap(
    await api.challenges[':code'].take.$post({ param: { code }, json: prediction ? { prediction } : {} }),
  );
}

export function useTakeChallenge(config: MutationConfig<typeof takeChallenge> = {}) {
  const queryClient = useQueryClient();
  return useBetMutation(takeChallenge, {
    ...config,
    onSuccess: async (...args) => {
      // Taking it may have made the two friends.
      await invalidateFriendGraph(queryClient);
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // Taken, cancelled or expired meanwhile: the page shows the new state.
      void queryClient.invalidateQueries({ queryKey: queryKeys.challenges });
      await config.onError?.(...args);
    },
  });
}
