import { useEffect, useState } from 'react';
import { useSession } from '#web/lib/session.ts';
import { isSignedOutAnswer, scheduleSessionRetry, sessionReadSucceeded } from '../utils/session-retry.ts';

/**
 * The signed-in user, and whether the session is still unknown.
 * The session store (web/lib/session.ts) flips `isPending` back on for every refetch while signed out
 * (window focus, sign-in); treating that as loading would swap a half-typed
 * form for a spinner, so only the first check counts.
 * A failed read (429, 5xx, no network) is not "signed out": the last known
 * answer is kept (the store keeps the user), or, before any answer, the
 * session stays unknown (a spinner on the same URL) while the read is retried
 * with backoff.
 */
export function useAuthSession() {
  const { data, isPending, error, refetch } = useSession();
  const hasFailed = !isPending && error !== null && !isSignedOutAnswer(error);
  // No network at all: the answer will not come soon. Go on with the session the installed app last saw
  // (the store restored it), or as signed out: the form, not a spinner forever (ADR 053).
  const isOfflineRead = hasFailed && error instanceof Error && !navigator.onLine;
  const isAnswered = !isPending && (!hasFailed || isOfflineRead);
  const [hasSettled, setHasSettled] = useState(isAnswered);
  if (isAnswered && !hasSettled) setHasSettled(true);

  // Back online after a failed read: read again now rather than at the next backoff step.
  useEffect(() => {
    if (!hasFailed) return;
    const retryNow = () => void refetch();
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  }, [hasFailed, refetch]);

  useEffect(() => {
    if (isPending) return;
    if (hasFailed) scheduleSessionRetry(refetch);
    else sessionReadSucceeded();
  }, [isPending, hasFailed, refetch]);

  return {
    user: data?.user ?? null,
    isLoading: !hasSettled && (isPending || hasFailed),
    /** Who is signed in is being read again, or could not be read (offline): not the same as signed out. */
    isUnsure: data === null && (isPending || hasFailed),
    refetch,
  };
}
