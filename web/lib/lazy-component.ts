import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** A `React.lazy` component that can also fetch its chunk ahead of use. */
export type LazyComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * A component kept out of a page's first load (issue 13) whose chunk can be fetched before it is needed:
 * on hover, focus or pointerdown of what opens it, or when the browser is idle (`usePreloadWhenIdle`), so
 * it usually renders at once instead of after a Suspense gap. A failed fetch (offline) may be retried.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(preload),
    // A preload's failure is not the page's: the render that needs the chunk tries again and reports it.
    { preload: () => preload().catch(() => undefined) },
  );
}

/** How long after the first render the chunks load anyway, if the browser is never idle sooner. */
const IDLE_FALLBACK_MS = 2000;

/** Fetches the given lazy components' chunks once the page is interactive and the browser is idle. */
export function usePreloadWhenIdle(...components: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    const run = () => {
      for (const component of components) void component.preload();
    };
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout: IDLE_FALLBACK_MS })
        : window.setTimeout(run, IDLE_FALLBACK_MS);
    return () => {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
    // Once per mount: the components are module-level constants, the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);
}

/**
 * True from the first render at which `isOpen` is: a lazy dialog mounts on its first opening and then stays
 * mounted, so closing it animates and returns focus as an eager one does.
 */
export function useMountedOnceOpen(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
