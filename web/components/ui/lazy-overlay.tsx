import { Suspense, type ReactNode } from 'react';
import { useMountedOnceOpen } from '#web/lib/lazy-component.ts';

/**
 * A lazily loaded dialog's place: nothing until it first opens, then the dialog in its own
 * Suspense, kept mounted so closing animates and returns focus as an eager dialog does.
 */
export function LazyOverlay({ open, children }: { open: boolean; children: ReactNode }) {
  const hasOpened = useMountedOnceOpen(open);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
