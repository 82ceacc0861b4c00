import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api-client.ts';
import { betChanges, useChangeMutation } from '#web/lib/change-mutation.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Takes a challenge: the taker becomes the opponent and accepts at once, with an optional prediction. */
export async function takeChallenge({ code, prediction }: { code: string; prediction?: string }) {
  return unwrap(
    await api.challenges[':code'].take.$post({ param: { code }, json: prediction ? { prediction } : {} }),
  );
}

// A new bet, and taking it may have made the two friends.
const takeChanges = [...betChanges, 'friends'] as const;

export function useTakeChallenge(config: MutationConfig<typeof takeChallenge> = {}) {
  const queryClient = useQueryClient();
  return useChangeMutation(
    takeChanges,
    takeChallenge,
    {
      ...config,
      onError: async (...args) => {
        // Taken, cancelled or expired meanwhile: the page shows the new state.
        void queryClient.invalidateQueries({ queryKey: queryKeys.challenges });
        await config.onError?.(...args);
      },
    },
    { refreshOnError: true },
  );
}
