import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { invalidateBetChange } from '../../../lib/query-keys.ts';

/**
 * A bet transition: afterwards the lists, the red dot, stats and the feed are
 * refreshed before the caller's `onSuccess` runs, so the button stays busy
 * until the card shows the new state. A refusal (409: the other party acted
 * first) refreshes them too, so the card stops offering a stale action.
 */
export function useBetMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      await invalidateBetChange(queryClient);
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      void invalidateBetChange(queryClient);
      await config.onError?.(...args);
    },
  });
}
