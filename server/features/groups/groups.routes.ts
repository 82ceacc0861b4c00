import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createGroupInputSchema,
  groupCodeSchema,
  groupMessages,
  leaderboardQuerySchema,
  markSimplifiedInputSchema,
  renameGroupInputSchema,
} from '#domain/groups.ts';
import { USER_ID_PATTERN } from '#domain/account-rules.ts';
import { inviteMessages } from '#domain/invites.ts';
import type { AppEnv } from '#server/app-env.ts';
import { linkCodeLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import {
  createGroup,
  getGroup,
  groupLeaderboard,
  listGroupPots,
  joinGroup,
  leaveGroup,
  listMyGroups,
  readGroupLink,
  removeMember,
  renameGroup,
  resetGroupLink,
  type GroupEffects,
} from './groups.service.ts';
import { groupBalances, markSimplifiedPayment } from './group-debts.service.ts';

const groupParam = z.object({ id: z.uuid(groupMessages.notFound) });
const memberParam = z.object({
  id: z.uuid(groupMessages.notFound),
  userId: z.string().regex(USER_ID_PATTERN, groupMessages.notMember),
});
const codeParam = z.object({ code: groupCodeSchema });

/** Opening or using group codes, per client address: guessing codes costs like guessing passwords. */
const linkLimit = linkCodeLimit('group-link', inviteMessages.rateLimited);

function groupEffects(c: Context<AppEnv>): GroupEffects {
  const { events } = c.var.deps;
  return { publish: (userIds, event) => events.publish(userIds, event) };
}

/** Groups (ADR 063): /api/groups (mine, new), /api/groups/:id (members only), /api/groups/join/:code. */
export const groupRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json(await listMyGroups(c.var.deps.database.db, currentUser(c).id)))
  .post('/', validate('json', createGroupInputSchema), async (c) =>
    c.json(await createGroup(c.var.deps.database.db, groupEffects(c), currentUser(c).id, c.req.valid('json')), 201),
  )
  .get('/join/:code', linkLimit, validate('param', codeParam, 'NOT_FOUND'), async (c) =>
    c.json(await readGroupLink(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').code)),
  )
  .post('/join/:code', linkLimit, validate('param', codeParam, 'NOT_FOUND'), async (c) =>
    c.json(await joinGroup(c.var.deps.database.db, groupEffects(c), currentUser(c).id, c.req.valid('param').code)),
  )
  .get('/:id', validate('param', groupParam, 'NOT_FOUND'), async (c) =>
    c.json(
      await getGroup(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id, c.var.deps.env.PUBLIC_URL),
    ),
  )
  .get('/:id/pots', validate('param', groupParam, 'NOT_FOUND'), async (c) =>
    c.json(await listGroupPots(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  .get(
    '/:id/leaderboard',
    validate('param', groupParam, 'NOT_FOUND'),
    validate('query', leaderboardQuerySchema),
    async (c) =>
      c.json(
        await groupLeaderboard(
          c.var.deps.database.db,
          currentUser(c).id,
          c.req.valid('param').id,
          c.req.valid('query').period,
        ),
      ),
  )
  .get('/:id/balances', validate('param', groupParam, 'NOT_FOUND'), async (c) =>
    c.json(await groupBalances(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  // 'Mark Paid' on a simplified payment (ADR 064); its confirm is POST /api/settlements/:id/confirm.
  .post(
    '/:id/simplified/mark',
    validate('param', groupParam, 'NOT_FOUND'),
    validate('json', markSimplifiedInputSchema),
    async (c) =>
      c.json(
        await markSimplifiedPayment(
          c.var.deps.database.db,
          groupEffects(c),
          currentUser(c).id,
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        201,
      ),
  )
  .patch('/:id', validate('param', groupParam, 'NOT_FOUND'), validate('json', renameGroupInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    await renameGroup(c.var.deps.database.db, groupEffects(c), currentUser(c).id, id, c.req.valid('json').name);
    return c.json({ id });
  })
  .post('/:id/link/reset', validate('param', groupParam, 'NOT_FOUND'), async (c) =>
    c.json(
      await resetGroupLink(
        c.var.deps.database.db,
        currentUser(c).id,
        c.req.valid('param').id,
        c.var.deps.env.PUBLIC_URL,
      ),
    ),
  )
  .delete('/:id/members/:userId', validate('param', memberParam, 'NOT_FOUND'), async (c) => {
    const { id, userId } = c.req.valid('param');
    await removeMember(c.var.deps.database.db, groupEffects(c), currentUser(c).id, id, userId);
    return c.json({ id });
  })
  .post('/:id/leave', validate('param', groupParam, 'NOT_FOUND'), async (c) => {
    const { id } = c.req.valid('param');
    await leaveGroup(c.var.deps.database.db, groupEffects(c), currentUser(c).id, id);
    return c.json({ id });
  });
