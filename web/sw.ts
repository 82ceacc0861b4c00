/// <reference lib="webworker" />
/**
 * The service worker (ADR 021), built by vite-plugin-pwa's
 * `injectManifest` strategy into /sw.js with the build's file list in
 * `self.__WB_MANIFEST`.
 *
 * - Precaches the app shell (index.html, every hashed JS/CSS chunk, icons), so a
 *   reload while offline still shows the app.
 * - Navigations to app routes are answered with the precached index.html; /api,
 *   files (/robots.txt, /favicon.ico) and /.well-known go to the network.
 * - Never caches an /api answer: it registers no route for them, so the
 *   browser fetches them as if there were no worker.
 * - A new version waits until the page asks it to take over ('Update available'
 *   / 'Reload', web/features/pwa/register-service-worker.ts).
 * - Shows Web Push messages `{ title, body, url, tag }` and opens `url` on click.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isSkipWaitingMessage, readPushPayload, sameOriginPath } from './features/pwa/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/pwa-192x192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open tabs at once (so they work offline without a
// reload); a later one only activates when the page sends SKIP_WAITING.
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(?:\/|$)/, /^\/\.well-known\//, /\/[^/]*\.[a-z0-9]+$/i],
  }),
);

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url =
    typeof data === 'object' && data !== null && 'url' in data
      ? sameOriginPath(data.url, self.location.origin)
      : null;
  if (url === null) return;
  event.waitUntil(openOrFocus(url));
});

/**
 * Navigates an open Sidepot tab to `path` and brings it forward, or opens a new
 * window there. Focusing may be refused (the browser allows it only right after
 * a real click): the tab is still on the right page.
 */
async function openOrFocus(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(path);
    return;
  }
  const navigated = (await open.navigate(path)) ?? open;
  await navigated.focus().catch(() => undefined);
}
