import { StrictMode, useEffect } from 'react';
import { AppProvider } from './provider.tsx';
import { AppRouter, type AppRouterInstance } from './router.tsx';

/**
 * The whole tree React renders, in the browser (web/main.tsx) and in the build's prerender of the
 * signed-out screens (web/prerender.tsx, ADR 047): one component, so hydration meets the same providers,
 * the same StrictMode and the same `useId`s on both sides. `onMounted` runs once the first commit's effects have
 * run (web/main.tsx: hydration is done).
 */
export function App({ router, onMounted }: { router: AppRouterInstance; onMounted?: () => void }) {
  // A parent's effects run after its children's: by then the whole first commit (or hydration) is done.
  // A block body: what an effect returns is its cleanup, and web/main.tsx's callback returns `delete`'s true.
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return (
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
}
