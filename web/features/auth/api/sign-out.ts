import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../../../lib/auth-client.ts';
import type { MutationConfig } from '../../../lib/query-client.ts';

let isSigningOutHere = false;

/**
 * Whether the session ended by 'Logout' in this tab (the next login starts at
 * /home), rather than by expiring or a logout elsewhere (the next login comes
 * back to the page, and to a half-written bet: issue 14, point 2).
 */
export function didSignOutHere(): boolean {
  return isSigningOutHere;
}

/** Signed in again: a later end of this session is no longer the 'Logout' of before. */
export function forgetSignOutHere(): void {
  isSigningOutHere = false;
}

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
      isSigningOutHere = true;
      try {
        const result = await signOut();
        await refetch();
        queryClient.removeQueries();
        return result;
      } catch (error) {
        isSigningOutHere = false;
        throw error;
      }
    },
  });
}
