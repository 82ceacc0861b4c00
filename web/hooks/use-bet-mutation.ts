import type { UseMutationOptions } from '@tanstack/react-query';
import { betChanges, useChangeMutation, type ChangeMutationOptions } from '../lib/change-mutation.ts';

/**
 * A bet transition: afterwards the lists, the red dot, stats and the feed are
 * refreshed before the caller's `onSuccess` runs, so the button stays busy
 * until the card shows the new state. A refusal (409: the other party acted
 * first) refreshes them too, so the card stops offering a stale action.
 */
export function useBetMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>,
  { showAnswer }: Pick<ChangeMutationOptions<TData, TVariables>, 'showAnswer'> = {},
) {
  return useChangeMutation(betChanges, mutationFn, config, { refreshOnError: true, showAnswer });
}
