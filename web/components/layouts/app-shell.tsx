import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';

/** Root layout: every screen, plus the bottom navigation everywhere but '/' (spec section 2). */
export function AppShell() {
  const { pathname } = useLocation();
  const hasNav = pathname !== '/';
  return (
    <>
      <div className={hasNav ? 'min-h-dvh pb-16' : 'min-h-dvh'}>
        <Outlet />
      </div>
      {hasNav ? <BottomNav /> : null}
      <ScrollRestoration />
    </>
  );
}
