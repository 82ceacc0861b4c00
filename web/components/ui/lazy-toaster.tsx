import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { loadSonner, onToasterWanted } from '#web/lib/toast.ts';

const Toaster = lazy(async () => {
  const [module] = await Promise.all([import('./sonner.tsx'), loadSonner()]);
  return { default: module.Toaster };
});

const CONTAINER_ID = 'toasts';

/**
 * Where toasts render: a child of <body> beside #root, made before any dialog can open. A modal dialog
 * (Radix, through aria-hidden's `hideOthers`) marks everything outside it aria-hidden when it opens, except
 * elements with an `aria-live` attribute; sonner's region has one but may mount after the dialog opened
 * (it loads lazily), so this container carries `aria-live="off"` (a div's default, no announcing of its
 * own) and toasts raised over a dialog are still announced.
 */
function toastContainer(): HTMLElement | null {
  // The build's prerender (ADR 047) has no document; toasts only ever render in the browser.
  if (typeof document === 'undefined') return null;
  const existing = document.getElementById(CONTAINER_ID);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = CONTAINER_ID;
  container.setAttribute('aria-live', 'off');
  document.body.append(container);
  return container;
}

/** How long after the first render the Toaster loads anyway, if no toast asked for it sooner. */
const IDLE_FALLBACK_MS = 2000;

/**
 * The app's toast outlet, loaded after the page is interactive: on
 * the first toast, or when the browser is idle, whichever comes first.
 */
export function LazyToaster() {
  const [isWanted, setIsWanted] = useState(false);
  const [container] = useState(toastContainer);
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
  if (!isWanted || container === null) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    container,
  );
}
