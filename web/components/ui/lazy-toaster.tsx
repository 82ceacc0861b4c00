import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner, onToasterWanted } from '../../lib/toast.ts';

const Toaster = lazy(async () => {
  const [module] = await Promise.all([import('./sonner.tsx'), loadSonner()]);
  return { default: module.Toaster };
});

/** How long after the first render the Toaster loads anyway, if no toast asked for it sooner. */
const IDLE_FALLBACK_MS = 2000;

/**
 * The app's toast outlet, loaded after the page is interactive (issue 13): on
 * the first toast, or when the browser is idle, whichever comes first.
 */
export function LazyToaster() {
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setIsWanted(true);
    const unsubscribe = onToasterWanted(want);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(want, { timeout: IDLE_FALLBACK_MS })
        : window.setTimeout(want, IDLE_FALLBACK_MS);
    return () => {
      unsubscribe();
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
