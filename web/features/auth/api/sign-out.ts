import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapAuth } from '#web/lib/auth-error.ts';
import type { MutationConfig } from '#web/lib/query-client.ts';
import { clearOfflineCopy } from '#web/lib/offline-cache.ts';
import { announceSessionChange, loadAuthClient, refetchSession } from '#web/lib/session.ts';

let isSigningOutHere = false;

/**
 * Whether the session ended by 'Logout' in this tab (the next login starts at
 * /home), rather than by expiring or a logout elsewhere (the next login comes
 * back to the page, and to a half-written bet).
 */
export function didSignOutHere(): boolean {
  return isSigningOutHere;
}

/** Signed in again: a later end of this session is no longer the 'Logout' of before. */
export function forgetSignOutHere(): void {
  isSigningOutHere = false;
}

export async function signOut() {
  // See sign-in.ts: we reload the session ourselves, and tell the other tabs as the client would have.
  const authClient = await loadAuthClient();
  const result = await unwrapAuth(authClient.signOut({ fetchOptions: { disableSignal: true } }));
  announceSessionChange('signout');
  return result;
}

/** Signs out, forgets the session and every cached query, so the next user sees nothing of this one. */
export function useSignOut(config: MutationConfig<typeof signOut> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async () => {
      isSigningOutHere = true;
      try {
        const result = await signOut();
        await refetchSession();
        queryClient.removeQueries();
        clearOfflineCopy();
        return result;
      } catch (error) {
        isSigningOutHere = false;
        throw error;
      }
    },
  });
}
