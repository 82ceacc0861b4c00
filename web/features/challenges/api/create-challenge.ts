import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateChallengeInput } from '#domain/challenges.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { myChallengesKey } from '#web/lib/query-keys.ts';

/** An open challenge anyone with its link can take. */
export async function createChallenge(input: CreateChallengeInput) {
  return unwrap(await api.challenges.$post({ json: input }));
}

export function useCreateChallenge(config: MutationConfig<typeof createChallenge> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createChallenge,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: myChallengesKey });
      await config.onSuccess?.(...args);
    },
  });
}
