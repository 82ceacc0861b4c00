import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  deliveryChannels,
  defaultPreference,
  notificationCategories,
  updateNotificationPreferenceInputSchema,
  type NotificationPreference,
} from '#domain/notification-preferences.ts';
import { worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectSuccessToast } from '#web/testing/toasts.ts';
import { NotificationSettings } from './notification-settings.tsx';

const defaults = (): NotificationPreference[] =>
  notificationCategories.flatMap((category) =>
    deliveryChannels.map((channel) => ({ category, channel, enabled: defaultPreference(category, channel) })),
  );

test("the rows keep the spec's labels in order, and 'Groups' (ADR 065) comes last, Push and Email on by default", async () => {
  worker.use(http.get('/api/settings/notifications', () => HttpResponse.json(defaults())));
  await renderScreen(<NotificationSettings />);
  await expect
    .element(page.getByRole('switch', { name: 'Groups Push' }))
    .toHaveAttribute('aria-checked', 'true');
  await expect
    .element(page.getByRole('switch', { name: 'Groups Email' }))
    .toHaveAttribute('aria-checked', 'true');
  const labels = page
    .getByRole('listitem')
    .elements()
    .map((row) => row.querySelector('span')?.textContent);
  expect(labels).toEqual([
    'Bet challenges',
    'Bet updates',
    'Friend requests',
    'Comments',
    'Reminders',
    'Groups',
  ]);
});

test("turning 'Groups Email' off saves that one switch at once, with 'Settings saved'", async () => {
  const saved: unknown[] = [];
  let list = defaults();
  worker.use(
    http.get('/api/settings/notifications', () => HttpResponse.json(list)),
    http.put('/api/settings/notifications', async ({ request }) => {
      const input = updateNotificationPreferenceInputSchema.parse(await request.json());
      saved.push(input);
      list = list.map((p) => (p.category === input.category && p.channel === input.channel ? input : p));
      return HttpResponse.json(list);
    }),
  );
  await renderScreen(<NotificationSettings />);
  const email = page.getByRole('switch', { name: 'Groups Email' });
  await email.click();
  await expectSuccessToast('Settings saved');
  await expect.element(email).toHaveAttribute('aria-checked', 'false');
  await expect
    .element(page.getByRole('switch', { name: 'Groups Push' }))
    .toHaveAttribute('aria-checked', 'true');
  expect(saved).toEqual([{ category: 'groups', channel: 'email', enabled: false }]);
});
