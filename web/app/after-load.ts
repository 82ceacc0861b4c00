/**
 * What the app does once the page has loaded, in its own chunk (web/main.tsx imports it after `load`), so no
 * screen's first download grows (scripts/size/budgets.ts).
 */
export function afterLoad(): void {
  // The server renders a signed-in screen's times in the viewer's time zone, as this cookie says (ADR 067).
  // A page's first Intl object costs tens of ms at a phone's speed: not before the page works.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.cookie = `sidepot.tz=${encodeURIComponent(timeZone)}; path=/; max-age=31536000; samesite=lax`;
  // Only built apps have a worker: `npm run dev` runs without one (vite.config.ts, devOptions).
  if (import.meta.env.PROD)
    void import('../features/pwa/register-service-worker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
}
