import { Hono } from 'hono';
import { z } from 'zod';
import { inviteCodeSchema, inviteMessages } from '#domain/invites.ts';
import type { AppEnv } from '#server/app-env.ts';
import { linkCodeLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import {
  acceptInvite,
  getMyInvite,
  publishInviteFriendship,
  readInvite,
  resetMyInvite,
} from './invites.service.ts';

const codeParam = z.object({ code: inviteCodeSchema });

/** Opening or accepting codes, per client address: guessing codes costs like guessing passwords. */
const openLimit = linkCodeLimit('invite-open', inviteMessages.rateLimited);

/** Personal invite links: /api/invites/mine (own link), /api/invites/:code (public page, accept). */
export const inviteRoutes = new Hono<AppEnv>()
  .use(session)
  .get('/mine', requireUser, async (c) =>
    c.json(await getMyInvite(c.var.deps.database.db, currentUser(c).id, c.var.deps.env.PUBLIC_URL)),
  )
  .post('/mine/reset', requireUser, async (c) =>
    c.json(await resetMyInvite(c.var.deps.database.db, currentUser(c).id, c.var.deps.env.PUBLIC_URL)),
  )
  // Public, and a read only: opening a link (an <img>, a redirect) never acts for the visitor.
  .get('/:code', openLimit, validate('param', codeParam, 'NOT_FOUND'), async (c) =>
    c.json(await readInvite(c.var.deps.database.db, c.req.valid('param').code, c.var.user?.id ?? null)),
  )
  .post('/:code/accept', requireUser, openLimit, validate('param', codeParam, 'NOT_FOUND'), async (c) => {
    const userId = currentUser(c).id;
    const result = await acceptInvite(c.var.deps.database.db, c.req.valid('param').code, userId);
    await publishInviteFriendship(c.var.deps.events, result.inviter.id, userId);
    return c.json(result);
  });
