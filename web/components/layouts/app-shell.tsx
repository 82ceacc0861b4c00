import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';

type AppShellProps = {
  /**
   * The bottom navigation, composed in the app layer so it can show the
   * notifications feature's red dot (shared components never import features).
   */
  bottomNav?: ReactNode;
};

/** Root layout: every screen, plus the bottom navigation everywhere but '/' (spec section 2). */
export function AppShell({ bottomNav = <BottomNav /> }: AppShellProps) {
  const { pathname } = useLocation();
  const hasNav = pathname !== '/';
  return (
    <>
      <div className={hasNav ? 'min-h-dvh pb-16' : 'min-h-dvh'}>
        <Outlet />
      </div>
      {hasNav ? bottomNav : null}
      <ScrollRestoration />
    </>
  );
}
