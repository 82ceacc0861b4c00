import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { getNotificationSummary, markAllNotificationsRead } from './notifications.service.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/summary', async (c) => c.json(await getNotificationSummary(c.var.deps.database.db, currentUser(c).id)))
  .post('/read-all', async (c) => {
    const userId = currentUser(c).id;
    const marked = await markAllNotificationsRead(c.var.deps.database.db, userId);
    // Other tabs and devices of the same user clear their dot too.
    if (marked > 0) await c.var.deps.events.publish([userId], { kind: 'notifications' });
    return c.json({ marked });
  });
