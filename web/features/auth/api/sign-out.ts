import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../../../lib/auth-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

export async function signOut() {
  // See sign-in.ts: we reload the session ourselves.
  return unwrapAuth(authClient.signOut({ fetchOptions: { disableSignal: true } }));
}

/** Signs out, forgets the session and every cached query, so the next user sees nothing of this one. */
export function useSignOut(config: MutationConfig<typeof signOut> = {}) {
  const { refetch } = authClient.useSession();
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async () => {
      const result = await signOut();
      await refetch();
      queryClient.removeQueries();
      return result;
    },
  });
}
