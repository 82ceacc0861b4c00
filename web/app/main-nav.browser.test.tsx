import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { worker, type SummaryBody } from '../testing/msw.ts';
import { renderScreen } from '../testing/render.tsx';
import { MainNav } from './main-nav.tsx';

test('tapping Profile clears the red dot at once and sends the read with keepalive, so a reload cannot cancel it', async () => {
  let unreadCount = 1;
  const reads: Request[] = [];
  worker.use(
    http.get('/api/notifications/summary', () =>
      HttpResponse.json<SummaryBody>({ unreadCount, hasPendingAction: false }),
    ),
    http.post('/api/notifications/read-all', ({ request }) => {
      reads.push(request);
      unreadCount = 0;
      return HttpResponse.json({ ok: true });
    }),
  );
  // Mounted at every path, as in the app: the navigation stays while Profile opens.
  await renderScreen(<MainNav />, { path: '/*', url: '/feed' });
  const withDot = page.getByRole('link', { name: 'Profile, needs attention', exact: true });
  await expect.element(withDot).toBeVisible();

  await withDot.click();
  await expect.element(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  await expect.poll(() => reads.length).toBe(1);
  expect(reads[0]?.keepalive).toBe(true);
});

test('tapping Profile reads every line on the server even when the cached summary says nothing is unread', async () => {
  // The server has lines this screen never heard of (its event stream was down when they arrived).
  let unreadCount = 0;
  let reads = 0;
  worker.use(
    http.get('/api/notifications/summary', () =>
      HttpResponse.json<SummaryBody>({ unreadCount, hasPendingAction: false }),
    ),
    http.post('/api/notifications/read-all', () => {
      reads += 1;
      unreadCount = 0;
      return HttpResponse.json({ ok: true });
    }),
  );
  await renderScreen(<MainNav />, { path: '/*', url: '/profile' });
  await expect.element(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  unreadCount = 3;

  // By either name: a refetch on focus may have lit the dot meanwhile.
  const profile = page.getByRole('link', { name: /^Profile/ });
  await profile.click();
  await expect.poll(() => reads).toBe(1);
  await expect.element(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  // And again: each tap asks the server, whatever the screen last knew.
  unreadCount = 2;
  await profile.click();
  await expect.poll(() => reads).toBe(2);
});

test('the dot stays for a bet waiting on me after the tap, and goes once the refreshed summary says nothing waits', async () => {
  let hasPendingAction = true;
  worker.use(
    http.get('/api/notifications/summary', () =>
      HttpResponse.json<SummaryBody>({ unreadCount: 0, hasPendingAction }),
    ),
    http.post('/api/notifications/read-all', () => HttpResponse.json({ ok: true })),
  );
  await renderScreen(<MainNav />, { path: '/*', url: '/profile' });
  const withDot = page.getByRole('link', { name: 'Profile, needs attention', exact: true });
  await expect.element(withDot).toBeVisible();
  hasPendingAction = false;
  // The tap re-reads the summary along with the read, so an answer given elsewhere shows here too.
  await withDot.click();
  await expect.element(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
});
