import { useState } from 'react';
import { authClient } from '../../../lib/auth-client.ts';

/**
 * The signed-in user, and whether the first session check is still running.
 * better-auth flips `isPending` back on for every refetch while signed out
 * (window focus, sign-in); treating that as loading would swap a half-typed
 * form for a spinner, so only the first check counts.
 */
export function useAuthSession() {
  const { data, isPending, refetch } = authClient.useSession();
  const [hasSettled, setHasSettled] = useState(!isPending);
  if (!isPending && !hasSettled) setHasSettled(true);
  return { user: data?.user ?? null, isLoading: isPending && !hasSettled, refetch };
}
