import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { RenderedPage } from '#web/lib/session.ts';

/** The build's prerendered screens (ADR 047): nobody signed in, no clock of the server's. */
const SIGNED_OUT: RenderedPage = { session: { data: null, isPending: false, error: null }, clock: null };
import { AppProvider } from './provider.tsx';
import { AppRouter, type AppRouterInstance } from './router.tsx';

type AppProps = {
  router: AppRouterInstance;
  onMounted?: () => void;
  /** A screen rendered on the server with its data (ADR 067): that request's client. */
  queryClient?: QueryClient;
  /** What a signed-in screen the server rendered with its data was rendered with (ADR 067), for that render and
   * for the browser's hydration of its markup. */
  rendered?: RenderedPage | undefined;
};

/**
 * The whole tree React renders, in the browser (web/main.tsx) and on the server (web/prerender.tsx: the build's
 * signed-out screens, ADR 047, and the signed-in screens with their data, ADR 067): one component, so hydration
 * meets the same providers, the same StrictMode and the same `useId`s on both sides. `onMounted` runs once the
 * first commit's effects have run (web/main.tsx: hydration is done).
 */
export function App({ router, onMounted, queryClient, rendered }: AppProps) {
  // A parent's effects run after its children's: by then the whole first commit (or hydration) is done.
  // A block body: what an effect returns is its cleanup, and web/main.tsx's callback returns `delete`'s true.
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return (
    <StrictMode>
      <RenderedPage value={rendered ?? SIGNED_OUT}>
        <AppProvider client={queryClient}>
          <AppRouter router={router} />
        </AppProvider>
      </RenderedPage>
    </StrictMode>
  );
}
