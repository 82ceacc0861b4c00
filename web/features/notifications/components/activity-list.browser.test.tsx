import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { activityItemSchema, type ActivityItem } from '#domain/notifications.ts';
import { alex } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import { worker, type Ok } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import type { api } from '#web/lib/api-client.ts';
import { ActivityList } from './activity-list.tsx';

type ActivityBody = Ok<typeof api.activity.$get>;

const line = (id: string, isRead: boolean): ActivityItem =>
  activityItemSchema.parse({
    id,
    type: 'comment_added',
    actor: { id: alex.id, name: alex.name, image: null },
    betId: '6f1d7c9e-2b1a-4c55-9d0e-1b2c3d4e5f60',
    data: { description: 'Lakers win tonight' },
    isRead,
    createdAt: new Date().toISOString(),
  } satisfies ActivityItem);

test("'Mark All Read' reads every line on the server, shows its busy state, and clears the Unread marks", async () => {
  let isRead = false;
  let readAlls = 0;
  const answer = deferred();
  worker.use(
    http.get('/api/activity', () =>
      HttpResponse.json<ActivityBody>({
        items: [
          line('0b6c7e1a-1111-4a2b-8c3d-000000000001', isRead),
          line('0b6c7e1a-1111-4a2b-8c3d-000000000002', isRead),
        ],
        nextCursor: null,
      }),
    ),
    // The inbox marks what it shows read, as on the server; the marks stay for this visit.
    http.post('/api/activity/read', () => HttpResponse.json({ marked: 0 })),
    http.post('/api/notifications/read-all', async () => {
      readAlls += 1;
      await answer.promise;
      isRead = true;
      return HttpResponse.json({ marked: 2 });
    }),
  );
  await renderScreen(<ActivityList viewerId="me" onOpenUser={() => undefined} />);
  await expect.element(page.getByRole('img', { name: 'Unread' }).first()).toBeVisible();
  expect(page.getByRole('img', { name: 'Unread' }).elements()).toHaveLength(2);

  const button = page.getByRole('button', { name: 'Mark All Read' });
  await button.click();
  await expect.element(button).toBeDisabled();
  await expect.element(button).toHaveAttribute('aria-busy', 'true');
  // Busy, it cannot be sent twice.
  await button.click({ force: true }).catch(() => undefined);
  answer.resolve();
  await expect.element(page.getByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
  await expect.element(button).not.toBeInTheDocument();
  expect(readAlls).toBe(1);
});

test("the 'Groups' lines: added opens the group page, a new group pot the pot page, removed the owner's dialog (ADR 065)", async () => {
  const groupId = '7a1d7c9e-2b1a-4c55-9d0e-1b2c3d4e5f61';
  const potId = '8b1d7c9e-2b1a-4c55-9d0e-1b2c3d4e5f62';
  const groupLine = (id: string, type: ActivityItem['type'], data: ActivityItem['data']): ActivityItem => ({
    id,
    type,
    actor: { id: alex.id, name: alex.name, image: null },
    betId: null,
    data: { groupId, groupName: 'Golf Four', ...data },
    isRead: true,
    createdAt: new Date().toISOString(),
  });
  worker.use(
    http.get('/api/activity', () =>
      HttpResponse.json<ActivityBody>({
        items: [
          groupLine('0b6c7e1a-1111-4a2b-8c3d-000000000011', 'group_pot_started', { description: 'Longest drive?', potId }),
          groupLine('0b6c7e1a-1111-4a2b-8c3d-000000000012', 'group_removed', {}),
          groupLine('0b6c7e1a-1111-4a2b-8c3d-000000000013', 'group_added', {}),
        ],
        nextCursor: null,
      }),
    ),
  );
  const opened: string[] = [];
  await renderScreen(<ActivityList viewerId="me" onOpenUser={(userId) => opened.push(userId)} />);
  await expect
    .element(page.getByRole('link', { name: `${alex.name} added you to a group: Golf Four` }))
    .toHaveAttribute('href', `/groups/${groupId}`);
  await expect
    .element(page.getByRole('link', { name: `${alex.name} started a pot in Golf Four: Longest drive?` }))
    .toHaveAttribute('href', `/pots/${potId}`);
  await page.getByRole('button', { name: `${alex.name} removed you from a group: Golf Four` }).click();
  expect(opened).toEqual([alex.id]);
});
