import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { useRealtime } from '../../../hooks/use-realtime.ts';
import { useAuthSession } from '../hooks/use-auth-session.ts';
import type { ReturnState } from '../utils/return-path.ts';

/** Layout route for signed-in screens: spinner while the session loads, else /login. */
export function RequireAuth() {
  const { user, isLoading } = useAuthSession();
  const location = useLocation();
  useRealtime(user?.id);
  // After a logout here the next login should start at /home, not come back to this page.
  const [hadUser, setHadUser] = useState(false);
  if (user && !hadUser) setHadUser(true);

  if (isLoading) return <FullScreenSpinner />;
  if (!user) {
    const state: ReturnState | undefined = hadUser
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
