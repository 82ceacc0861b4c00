import type { ReactNode } from 'react';
import { Navigate, useLocation } from '#web/lib/router/router.tsx';
import { FullScreenSpinner } from '#web/components/ui/full-screen-spinner.tsx';
import { useAuthSession } from '../hooks/use-auth-session.ts';
import { returnPathFrom } from '../utils/return-path.ts';

/**
 * Sign-up and login: spinner while the session loads; a signed-in visitor goes
 * on to where they were headed (else /home). This is also how a successful
 * login leaves the page: the session lands and this guard redirects.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuthSession();
  const location = useLocation();

  if (isLoading) return <FullScreenSpinner />;
  if (user) return <Navigate to={returnPathFrom(location.state, location.search)} replace />;
  return children;
}
