import { RouteError } from '../components/errors/route-error.tsx';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { GuestOnly } from '../features/auth/components/guest-only.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { createBrowserHistory, type AppHistory } from '#web/lib/router/history.ts';
import {
  ErrorBoundary,
  lazyScreen,
  matchScreen,
  RouterProvider,
  Routes,
  type RouteGroup,
} from '#web/lib/router/router.tsx';
import { MainNav } from './main-nav.tsx';

/** Each screen is its own chunk with its own error boundary, so /login downloads only the login screen. */
const signUpScreen = lazyScreen(() => import('./routes/signup.tsx'));

/** Every screen, in the AppShell layout (web/lib/router/router.tsx's Routes; ADR 057). */
export const routes: RouteGroup[] = [
  {
    layout: GuestOnly,
    routes: [
      { path: '/', screen: signUpScreen },
      { path: '/signup', screen: signUpScreen },
    ],
  },
  {
    routes: [
      // Login guards itself: the email-verification notice must run even when already signed in.
      { path: '/login', screen: lazyScreen(() => import('./routes/login.tsx')) },
      { path: '/reset-password', screen: lazyScreen(() => import('./routes/reset-password.tsx')) },
      // Public: signed out it offers sign-up and sign-in, signed in 'Accept Invite'.
      { path: '/invite/:code', screen: lazyScreen(() => import('./routes/invite.tsx')) },
      { path: '/sms-opt-in-policy', screen: lazyScreen(() => import('./routes/sms-opt-in-policy.tsx')) },
      // Public: a visitor who is not on Sidepot yet opens it first.
      { path: '/challenge/:code', screen: lazyScreen(() => import('./routes/challenge.tsx')) },
      // Public: signed out it offers sign-up and sign-in and comes back; signed in 'Join Group'.
      { path: '/groups/join/:code', screen: lazyScreen(() => import('./routes/group-join.tsx')) },
      // Public: a notification mail's 'Unsubscribe' link works without signing in.
      { path: '/unsubscribe', screen: lazyScreen(() => import('./routes/unsubscribe.tsx')) },
    ],
  },
  {
    layout: RequireAuth,
    routes: [
      { path: '/home', screen: lazyScreen(() => import('./routes/home.tsx')) },
      { path: '/feed', screen: lazyScreen(() => import('./routes/feed.tsx')) },
      { path: '/profile', screen: lazyScreen(() => import('./routes/profile.tsx')) },
      { path: '/activity', screen: lazyScreen(() => import('./routes/activity.tsx')) },
      { path: '/bets/:id', screen: lazyScreen(() => import('./routes/bet.tsx')) },
      { path: '/pots/:id', screen: lazyScreen(() => import('./routes/pot.tsx')) },
      { path: '/groups/:id', screen: lazyScreen(() => import('./routes/group.tsx')) },
      { path: '/settings', screen: lazyScreen(() => import('./routes/settings.tsx')) },
    ],
  },
  { routes: [{ path: '*', screen: lazyScreen(() => import('./routes/not-found.tsx')) }] },
];

/**
 * Loads the screen a path opens; undefined when it is loaded already. Before the first render, so React's
 * first commit is that screen and not the fallback spinner followed by a second render once the chunk
 * arrives (ADR 044: one render and one paint less before LCP at Lighthouse's 4x CPU; the server has already
 * named the screen's chunks for preloading), and before each navigation, so the old screen stays until the
 * new one can show. A chunk that fails to load is left lazy: the screen tries again and shows its error
 * element. The build's prerender (web/prerender.tsx, ADR 047) loads the same way, so its first render is
 * the client's.
 */
export function loadScreen(pathname: string): Promise<void> | undefined {
  return matchScreen(routes, pathname)?.route.screen.preload();
}

export async function loadFirstScreen(location: string | Pick<Location, 'pathname'>): Promise<void> {
  await loadScreen(
    typeof location === 'string' ? new URL(location, 'http://app.invalid').pathname : location.pathname,
  );
}

export type AppRouterInstance = AppHistory;

/** The app's router in the browser, with the first screen already loaded (see above). */
export async function createAppRouter(): Promise<AppRouterInstance> {
  await loadFirstScreen(window.location);
  return createBrowserHistory({ prepare: loadScreen });
}

/** The shell, with the bottom nav and an error boundary of its own, around the matching screen. */
export function AppRouter({ router }: { router: AppRouterInstance }) {
  return (
    <RouterProvider history={router}>
      <ErrorBoundary fallback={<RouteError />}>
        <AppShell bottomNav={<MainNav />}>
          <Routes groups={routes} fallback={<FullScreenSpinner />} errorElement={<RouteError />} />
        </AppShell>
      </ErrorBoundary>
    </RouterProvider>
  );
}
