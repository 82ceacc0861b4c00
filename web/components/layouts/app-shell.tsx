import { useEffect, type ReactNode } from 'react';
import { NavigationType, Outlet, ScrollRestoration, useBlocker, useLocation } from 'react-router';
import { closeTopDialog, hasOpenDialog } from '../ui/close-on-back.ts';
import { watchFocusLoss } from '#web/lib/focus-rescue.ts';
import { BottomNav } from './bottom-nav.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { SkipLink } from './skip-link.tsx';

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
  // Back with a dialog open closes it and stays on the page. Only in-app history:
  // on the tab's first entry Back leaves the app before any script can answer it.
  const blocker = useBlocker(({ historyAction }) => historyAction === NavigationType.Pop && hasOpenDialog());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    closeTopDialog();
    blocker.reset();
  }, [blocker]);
  useEffect(() => watchFocusLoss(), []);
  return (
    <>
      <SkipLink />
      <OfflineBanner />
      <div className={hasNav ? 'min-h-dvh pb-16' : 'min-h-dvh'}>
        <Outlet />
      </div>
      {hasNav ? bottomNav : null}
      <ScrollRestoration />
    </>
  );
}
