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
