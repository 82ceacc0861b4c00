import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '#web/lib/router/router.tsx';
import { FullScreenSpinner } from '#web/components/ui/full-screen-spinner.tsx';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { useOnlineStatus } from '#web/hooks/use-online-status.ts';
import { useRealtime } from '#web/hooks/use-realtime.ts';
import { didSignOutHere, forgetSignOutHere } from '../api/sign-out.ts';
import { useAuthSession } from '../hooks/use-auth-session.ts';
import type { ReturnState } from '../utils/return-path.ts';

/** Layout of the signed-in screens: spinner while the session loads, else /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading, isUnsure } = useAuthSession();
  const location = useLocation();
  const online = useOnlineStatus();
  useRealtime(user?.id);
  const userId = user?.id;
  useEffect(() => {
    if (userId) forgetSignOutHere();
  }, [userId]);

  // Reloaded offline: the shell is there (service worker) but the session cannot be read until the network is back.
  if (isLoading) return online ? <FullScreenSpinner /> : <OfflineNotice />;
  // Offline with nothing saved, or back online and reading the session again: not a reason to sign out.
  if (!user && isUnsure) return online ? <FullScreenSpinner /> : <OfflineNotice />;
  if (!user) {
    // After 'Logout' here the next login starts at /home; a session that expired or ended in another
    // tab comes back to this page (ADR 030).
    const state: ReturnState | undefined = didSignOutHere()
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  // Offline, the screens show what they last loaded, read-only: every button and field inside is disabled
  // (the banner says why) and nothing is queued to be sent later (ADR 053). `contents`: no box of its own.
  return (
    <fieldset disabled={!online} className="contents">
      {children}
    </fieldset>
  );
}
