// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a plain toast with an action; this module loads only after 'load'
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

/** How often an open tab asks the server for a new worker, besides when it comes back into view. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const UPDATE_TOAST_ID = 'sw-update';

/**
 * Registers /sw.js (web/sw.ts). Imported lazily after `load` (web/main.tsx), so
 * no screen's first download grows. When a new release's worker is installed
 * and waiting, a toast that stays until answered offers 'Reload': the waiting
 * worker takes over (it answers the SKIP_WAITING message of sw-messages.ts,
 * which is what `messageSkipWaiting` sends) and the page reloads onto the new
 * shell, so old JS never keeps talking to a new API.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });

  workbox.addEventListener('waiting', () => {
    toast('Update available', {
      id: UPDATE_TOAST_ID,
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Reload',
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
    });
  });

  const checkForUpdate = () => {
    workbox.update().catch(() => {
      // Offline or the server is restarting: the next check tries again.
    });
  };
  workbox
    .register()
    .then(() => {
      setInterval(checkForUpdate, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate();
      });
    })
    .catch((error: unknown) => {
      // The app works without a worker (no offline shell, no push); say why in the console.
      console.warn('Service worker registration failed', error);
    });
}
