import { lazyComponent, preloadOnIntent } from '#web/lib/lazy-component.ts';

/* The link dialog (Radix Dialog and the QR encoder) loads on first use, fetched at the first pointer or key event (ADR 041). */
export const LazyChallengeLinkDialog = lazyComponent(
  async () => (await import('./challenge-link-dialog.tsx')).ChallengeLinkDialog,
);

preloadOnIntent(LazyChallengeLinkDialog);
