import { useEffect, type ReactNode } from 'react';
import { ScrollRestoration, useBlockBack, useLocation } from '#web/lib/router/router.tsx';
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
  /** The current screen. */
  children: ReactNode;
};

/** Root layout: every screen, plus the bottom navigation everywhere but '/' (spec section 2). */
export function AppShell({ bottomNav = <BottomNav />, children }: AppShellProps) {
  const { pathname } = useLocation();
  const hasNav = pathname !== '/';
  // Back with a dialog open closes it and stays on the page. Only in-app history:
  // on the tab's first entry Back leaves the app before any script can answer it.
  useBlockBack(hasOpenDialog, closeTopDialog);
  useEffect(() => watchFocusLoss(), []);
  return (
    <>
      <SkipLink />
      <OfflineBanner />
      <div className={hasNav ? 'min-h-dvh pb-16' : 'min-h-dvh'}>{children}</div>
      {hasNav ? bottomNav : null}
      <ScrollRestoration />
    </>
  );
}
