import { StrictMode } from 'react';
import { AppProvider } from './provider.tsx';
import { AppRouter, type AppRouterInstance } from './router.tsx';

/**
 * The whole tree React renders, in the browser (web/main.tsx) and in the build's prerender of the
 * signed-out screens (web/prerender.tsx, ADR 047): one component, so hydration meets the same providers,
 * the same StrictMode and the same `useId`s on both sides.
 */
export function App({ router }: { router: AppRouterInstance }) {
  return (
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
}
