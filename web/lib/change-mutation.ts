import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ChangeKind } from '#domain/realtime.ts';
import { invalidateChanges } from './query-keys.ts';

/** What the server announces for a bet transition: the parties' lists and cards, and the feed. */
export const betChanges = ['bets', 'feed'] as const satisfies readonly ChangeKind[];
/** What it announces when a friendship starts or ends: the friend graph, and the feed it scopes. */
export const friendshipChanges = ['friends', 'feed'] as const satisfies readonly ChangeKind[];

export type ChangeMutationOptions<TData, TVariables> = {
  /** Refresh after a refusal too (a 409: the other party acted first), so the screen stops offering a stale action. */
  refreshOnError?: boolean;
  /**
   * Puts the server's answer where the screen reads it (a cached list, the button's own state). With it the
   * mutation settles at the answer and the wider refresh runs behind: a button waiting for every list to
   * re-read looked idle for seconds after the server had answered.
   */
  showAnswer?: (data: TData, variables: TVariables) => void;
};

/**
 * A mutation that changes what the server announces as `changes`: afterwards it refreshes what those
 * change kinds cover (the same table the realtime stream uses) before the caller's `onSuccess` runs, so
 * the button stays busy until the screen shows the change; with `showAnswer`, the answer itself shows it
 * and the refresh does not hold the button.
 */
export function useChangeMutation<TData, TVariables>(
  changes: readonly ChangeKind[],
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> = {},
  { refreshOnError = false, showAnswer }: ChangeMutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      const [data, variables] = args;
      if (showAnswer) {
        showAnswer(data, variables);
        void invalidateChanges(queryClient, changes);
      } else {
        await invalidateChanges(queryClient, changes);
      }
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      if (refreshOnError) void invalidateChanges(queryClient, changes);
      await config.onError?.(...args);
    },
  });
}
