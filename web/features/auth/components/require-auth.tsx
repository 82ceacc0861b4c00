import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { OfflineNotice } from '../../../components/ui/offline-notice.tsx';
import { useOnlineStatus } from '../../../hooks/use-online-status.ts';
import { useRealtime } from '../../../hooks/use-realtime.ts';
import { didSignOutHere, forgetSignOutHere } from '../api/sign-out.ts';
import { useAuthSession } from '../hooks/use-auth-session.ts';
import type { ReturnState } from '../utils/return-path.ts';

/** Layout route for signed-in screens: spinner while the session loads, else /login. */
export function RequireAuth() {
  const { user, isLoading } = useAuthSession();
  const location = useLocation();
  const online = useOnlineStatus();
  useRealtime(user?.id);
  const userId = user?.id;
  useEffect(() => {
    if (userId) forgetSignOutHere();
  }, [userId]);

  // Reloaded offline: the shell is there (service worker) but the session cannot be read until the network is back.
  if (isLoading) return online ? <FullScreenSpinner /> : <OfflineNotice />;
  if (!user) {
    // After 'Logout' here the next login starts at /home; a session that expired or ended in another
    // tab comes back to this page (ADR 030).
    const state: ReturnState | undefined = didSignOutHere()
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
