import { Hono } from 'hono';
import { startBreakInputSchema, updateLossLimitInputSchema } from '#domain/limits.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { getLimits, startBreak, updateLossLimit } from './limits.service.ts';

/** /api/limits: the weekly loss limit and Take a Break. */
export const limitRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json(await getLimits(c.var.deps.database.db, currentUser(c).id)))
  .put('/weekly-loss', validate('json', updateLossLimitInputSchema), async (c) =>
    c.json(await updateLossLimit(c.var.deps.database.db, currentUser(c).id, c.req.valid('json'))),
  )
  .post('/break', validate('json', startBreakInputSchema), async (c) =>
    c.json(await startBreak(c.var.deps.database.db, currentUser(c).id, c.req.valid('json'))),
  );
