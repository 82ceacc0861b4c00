/**
 * What the app does once the page has loaded, in its own chunk (web/main.tsx imports it after `load`), so no
 * screen's first download grows (scripts/size/budgets.ts).
 */
export function afterLoad(): void {
  keepTimeZoneCookie();
  // Only built apps have a worker: `npm run dev` runs without one (vite.config.ts, devOptions).
  if (import.meta.env.PROD)
    void import('../features/pwa/register-service-worker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
}

const TIME_ZONE_COOKIE = 'sidepot.tz';
/** The device's offset when the zone was written: this file's memo, the server never reads it. */
const OFFSET_COOKIE = 'sidepot.tzo';
const YEAR_S = 31_536_000;

/**
 * The server renders a signed-in screen's times in the viewer's time zone, as the `sidepot.tz` cookie says
 * (ADR 067). Reading the zone takes the page's first Intl object, 20–50 ms of main thread on a desktop
 * (measured in Chromium), four times that on a phone: so it is read only when the device's UTC offset (free)
 * is not the one it had when the cookie was written, which is on a first visit, after a move and at a
 * daylight-saving change (ADR 068).
 */
function keepTimeZoneCookie(): void {
  const offset = String(new Date().getTimezoneOffset());
  const cookies = new Map(
    document.cookie.split(';').map((pair) => {
      const [name = '', ...value] = pair.trim().split('=');
      return [name, value.join('=')];
    }),
  );
  if (cookies.get(OFFSET_COOKIE) === offset && cookies.get(TIME_ZONE_COOKIE)) return;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const attributes = `path=/; max-age=${YEAR_S}; samesite=lax`;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; ${attributes}`;
  document.cookie = `${OFFSET_COOKIE}=${offset}; ${attributes}`;
}
