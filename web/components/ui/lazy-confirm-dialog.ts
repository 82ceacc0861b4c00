import { lazyComponent } from '#web/lib/lazy-component.ts';

/** ConfirmDialog (with Radix AlertDialog) loaded on first use: bet cards show many openers, no dialog. */
export const LazyConfirmDialog = lazyComponent(
  async () => (await import('./confirm-dialog.tsx')).ConfirmDialog,
);
