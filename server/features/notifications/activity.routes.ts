import { Hono } from 'hono';
import { markActivityReadInputSchema } from '#domain/notifications.ts';
import { pageQuerySchema } from '#domain/pagination.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { getActivityPage, getWaitingOnYou, markActivityRead } from './activity.service.ts';

/** The activity inbox: /api/activity (pages), /api/activity/waiting, /api/activity/read. */
export const activityRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', validate('query', pageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await getActivityPage(c.var.deps.database.db, currentUser(c).id, c.req.valid('query').cursor)),
  )
  .get('/waiting', async (c) => c.json(await getWaitingOnYou(c.var.deps.database.db, currentUser(c).id)))
  .post('/read', validate('json', markActivityReadInputSchema), async (c) => {
    const userId = currentUser(c).id;
    const marked = await markActivityRead(c.var.deps.database.db, userId, c.req.valid('json'));
    // Other tabs and devices clear their badge too.
    if (marked > 0) await c.var.deps.events.publish([userId], { kind: 'notifications' });
    return c.json({ marked });
  });
