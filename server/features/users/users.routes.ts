import { Hono } from 'hono';
import { z } from 'zod';
import { searchQuerySchema } from '../../../domain/friends.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser, session } from '../../middleware/session.ts';
import { validate } from '../../middleware/validate.ts';
import { searchUsers } from '../friends/friends.service.ts';
import { getUserCard } from '../profile/profile.service.ts';

export const userRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/search', validate('query', searchQuerySchema), async (c) =>
    c.json({ items: await searchUsers(c.var.deps.database.db, currentUser(c).id, c.req.valid('query').q) }),
  )
  .get('/:id', validate('param', z.object({ id: z.string().min(1) })), async (c) =>
    c.json(await getUserCard(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  );
