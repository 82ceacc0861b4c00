import { lazyComponent } from '../../../lib/lazy-component.ts';

/*
 * The bet cards' dialogs (Radix Dialog, the prediction and dispute forms), loaded on first use: a profile
 * shows dozens of cards and their openers, no dialog (issue 13). ProfileBets fetches them on the first interaction.
 */
export const LazyAcceptBetDialog = lazyComponent(
  async () => (await import('./accept-bet-dialog.tsx')).AcceptBetDialog,
);
export const LazyDisputeDialog = lazyComponent(
  async () => (await import('./dispute-dialog.tsx')).DisputeDialog,
);
export const LazyChallengeLinkDialog = lazyComponent(
  async () => (await import('./challenge-link-dialog.tsx')).ChallengeLinkDialog,
);
