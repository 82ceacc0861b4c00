import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { render, type RenderResult } from 'vitest-browser-react';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createMemoryHistory } from '../lib/router/history.ts';
import { RouterProvider, useLocation } from '../lib/router/router.tsx';

/** Where a navigation away from the screen under test landed, for tests to assert on. */
function NavigatedAway() {
  const location = useLocation();
  return <p data-testid="navigated-to">{location.pathname}</p>;
}

export type RenderScreenOptions = {
  /** The URL the screen is at; defaults to `path`. */
  url?: string;
  /** The route pattern the screen is mounted at (for params like /bets/:id; `/*` for every path). */
  path?: string;
  /** Navigation state of the first entry (a preselected friend). */
  state?: unknown;
};

export type ScreenResult = RenderResult & { queryClient: QueryClient };

/**
 * Renders `ui` as the app does (web/app/provider.tsx): a query client with the app's failure handling
 * but no retries, a router (in memory) and the lazy Toaster. Any other path renders a marker with the
 * pathname (`getByTestId('navigated-to')`).
 */
export async function renderScreen(ui: ReactNode, options: RenderScreenOptions = {}): Promise<ScreenResult> {
  const path = options.path ?? '/';
  const queryClient = createQueryClient({ retries: false });
  const url = new URL(options.url ?? path, window.location.origin);
  const result = await render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider
        history={createMemoryHistory({
          initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }],
        })}
      >
        <Switch>
          <Route path={path}>{ui}</Route>
          <Route path="*">
            <NavigatedAway />
          </Route>
        </Switch>
      </RouterProvider>
      <LazyToaster />
    </QueryClientProvider>,
  );
  return Object.assign(result, { queryClient });
}
