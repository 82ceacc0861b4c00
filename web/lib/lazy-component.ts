import { createElement, lazy, useEffect, useState, type ComponentType, type FunctionComponent } from 'react';

/** A component in a chunk of its own, which can also fetch its chunk ahead of use. */
export type LazyComponent<P extends object> = FunctionComponent<P> & {
  preload: () => Promise<unknown>;
  /** Whether the chunk is in: the component then renders at once, without suspending. */
  isLoaded: () => boolean;
};

/**
 * A component kept out of a page's first load whose chunk can be fetched before it is needed:
 * on hover, focus or pointerdown of what opens it, or at the user's first interaction (`usePreloadOnIntent`), so
 * it usually renders at once instead of after a Suspense gap. A failed fetch (offline) may be retried.
 *
 * Loaded already, it renders as itself: through `React.lazy` it would suspend once all the same (a settled
 * promise tells its value only in a later microtask), and React then renders the suspended tree's siblings
 * ahead ("prewarm") and again once it resolves, work the profile's lists paid for after hydration (ADR 068).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Decided when this element mounts, and kept: a switch from `Lazy` to the loaded type would remount it.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return Object.assign(Preloaded, {
    // A preload's failure is not the page's: the render that needs the chunk tries again and reports it.
    preload: () => preload().catch(() => undefined),
    isLoaded: () => loaded !== undefined,
  });
}

/**
 * What shows a user is about to act. Not `focusin`: the app moves focus itself on navigation.
 * `pointerover` comes with the first mouse movement, `pointerdown` with the first touch.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'keydown'] as const;

/**
 * Fetches the given lazy components' chunks at the user's first pointer or key event on the page, so a tap
 * on an opener usually finds its dialog loaded (or loading since the tap began). Not when the browser is
 * idle: evaluating the chunks (zod, react-hook-form, Radix Dialog) made long tasks of 100-250 ms at
 * Lighthouse's 4x CPU right after the page loaded, blocking that first tap instead (ADR 041).
 * Returns a function that stops listening.
 */
export function preloadOnIntent(...components: { preload: () => Promise<unknown> }[]): () => void {
  // Called as a module loads, also on the server that renders signed-in screens (ADR 067): no user there.
  if (typeof window === 'undefined') return () => {};
  const stop = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, run, true);
  };
  const run = () => {
    stop();
    for (const component of components) void component.preload();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}

/** `preloadOnIntent` while the calling component is mounted. */
export function usePreloadOnIntent(...components: { preload: () => Promise<unknown> }[]): void {
  // Once per mount: the components are module-level constants, the same on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  useEffect(() => preloadOnIntent(...components), []);
}

/**
 * Fetches the given lazy components' chunks as the calling component mounts: for parts a screen shows as soon as
 * its data arrives (issue 23: the profile's bet actions), so the chunk loads alongside the data, not after it.
 */
export function usePreloadOnMount(...components: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    // In a task of its own: a screen's mount (or hydration) runs all its effects in one task, which the
    // imports' work (Vite's preload links for each chunk's imports) made longer (ADR 068).
    const timer = setTimeout(() => {
      for (const component of components) void component.preload();
    }, 0);
    return () => clearTimeout(timer);
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
