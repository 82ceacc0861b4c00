import { startTransition, useEffect, useState } from 'react';

/**
 * Whether `component` can render without suspending: its chunk, fetched as the caller mounts (in a task of
 * its own, as `usePreloadOnMount` in web/lib/lazy-component.ts does), is in, or failed to load (rendered, it
 * tries again and reaches its error boundary). The caller renders it once this is true, in a transition: not
 * suspending, React does not render the rest of the tree ahead while it waits (ADR 068).
 */
export function useIsLoaded(component: {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}): boolean {
  const [isSettled, setIsSettled] = useState(component.isLoaded);
  useEffect(() => {
    if (isSettled) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      void component.preload().then(() => {
        if (isCurrent) startTransition(() => setIsSettled(true));
      });
    }, 0);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [component, isSettled]);
  return isSettled;
}
