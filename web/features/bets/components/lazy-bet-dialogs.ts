import { LazyConfirmDialog } from '#web/components/ui/lazy-confirm-dialog.ts';
import { lazyComponent, preloadOnIntent } from '#web/lib/lazy-component.ts';

/*
 * The bet cards' dialogs (Radix Dialog, the prediction and dispute forms), loaded on first use: a profile
 * shows dozens of cards and their openers, no dialog. They are fetched at the first pointer or
 * key event (ADR 041).
 */
export const LazyAcceptBetDialog = lazyComponent(
  async () => (await import('./accept-bet-dialog.tsx')).AcceptBetDialog,
);
export const LazyCounterBetDialog = lazyComponent(
  async () => (await import('./counter-bet-dialog.tsx')).CounterBetDialog,
);
export const LazyDisputeDialog = lazyComponent(
  async () => (await import('./dispute-dialog.tsx')).DisputeDialog,
);

// Every screen with bet actions (profile, home's waiting list, a bet's page) loads this module.
preloadOnIntent(LazyConfirmDialog, LazyAcceptBetDialog, LazyCounterBetDialog, LazyDisputeDialog);
