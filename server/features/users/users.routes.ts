import { Hono } from 'hono';
import { z } from 'zod';
import { SEARCH_RATE_LIMIT, searchMessages, searchQuerySchema } from '#domain/friends.ts';
import { userIdSchema } from '#domain/users.ts';
import type { AppEnv } from '#server/app-env.ts';
import { memoryRateLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { searchUsers } from '../friends/friends.service.ts';
import { getUserCard } from '../profile/profile.service.ts';

/**
 * Every attempt counts, refused ones too: the limit is on asking, not on finding. Counted in
 * memory, so a search (a read) writes nothing to the database (ADR 035).
 */
const searchLimit = memoryRateLimit({ name: 'search', ...SEARCH_RATE_LIMIT, message: searchMessages.rateLimited }, (c) => currentUser(c).id);

export const userRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/search', searchLimit, validate('query', searchQuerySchema), async (c) =>
    c.json({ items: await searchUsers(c.var.deps.database.db, currentUser(c).id, c.req.valid('query').q) }),
  )
  .get('/:id', validate('param', z.object({ id: userIdSchema })), async (c) =>
    c.json(await getUserCard(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  );
