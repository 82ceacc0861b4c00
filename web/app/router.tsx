import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '../components/errors/route-error.tsx';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { GuestOnly } from '../features/auth/components/guest-only.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { MainNav } from './main-nav.tsx';

type RouteModule = Pick<RouteObject, 'Component'>;

/** Each screen is its own chunk with its own error boundary, so /login downloads only the login screen. */
function screen(load: () => Promise<RouteModule>) {
  return { lazy: load, errorElement: <RouteError /> };
}

const signUpScreen = screen(() => import('./routes/signup.tsx'));

export const routes: RouteObject[] = [
  {
    element: <AppShell bottomNav={<MainNav />} />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { index: true, ...signUpScreen },
          { path: 'signup', ...signUpScreen },
        ],
      },
      // Login guards itself: the email-verification notice must run even when already signed in.
      { path: 'login', ...screen(() => import('./routes/login.tsx')) },
      { path: 'reset-password', ...screen(() => import('./routes/reset-password.tsx')) },
      // Public: signed out it offers sign-up and sign-in, signed in 'Accept Invite'.
      { path: 'invite/:code', ...screen(() => import('./routes/invite.tsx')) },
      { path: 'sms-opt-in-policy', ...screen(() => import('./routes/sms-opt-in-policy.tsx')) },
      // Public: a visitor who is not on Sidepot yet opens it first.
      { path: 'challenge/:code', ...screen(() => import('./routes/challenge.tsx')) },
      // Public: signed out it offers sign-up and sign-in and comes back; signed in 'Join Group'.
      { path: 'groups/join/:code', ...screen(() => import('./routes/group-join.tsx')) },
      // Public: a notification mail's 'Unsubscribe' link works without signing in.
      { path: 'unsubscribe', ...screen(() => import('./routes/unsubscribe.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'home', ...screen(() => import('./routes/home.tsx')) },
          { path: 'feed', ...screen(() => import('./routes/feed.tsx')) },
          { path: 'profile', ...screen(() => import('./routes/profile.tsx')) },
          { path: 'activity', ...screen(() => import('./routes/activity.tsx')) },
          { path: 'bets/:id', ...screen(() => import('./routes/bet.tsx')) },
          { path: 'pots/:id', ...screen(() => import('./routes/pot.tsx')) },
          { path: 'groups/:id', ...screen(() => import('./routes/group.tsx')) },
          { path: 'settings', ...screen(() => import('./routes/settings.tsx')) },
        ],
      },
      { path: '*', ...screen(() => import('./routes/not-found.tsx')) },
    ],
  },
];

/**
 * Loads the screen the URL opens before the router starts, so React's first commit is that screen and
 * not the router's fallback spinner followed by a second render once the lazy route resolves (ADR 044: one render and one paint less before LCP at Lighthouse's 4x CPU; the server has already named
 * the screen's chunks for preloading). A chunk that fails to load is left lazy: the router tries again
 * and shows its error element. The build's prerender (scripts/vite/prerender.ts, ADR 047) loads the same way,
 * so its first render is the client's.
 */
export async function loadFirstScreen(location: string | Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      const module = await lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  ).catch(() => undefined);
}

export type AppRouterInstance = DataRouter;

/** The app's router, with the first screen already loaded (see above). */
export async function createAppRouter(): Promise<AppRouterInstance> {
  await loadFirstScreen(window.location);
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
