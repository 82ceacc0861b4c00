import { Hono } from 'hono';
import { z } from 'zod';
import { sendFriendRequestInputSchema } from '../../../domain/friends.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser, session } from '../../middleware/session.ts';
import { validate } from '../../middleware/validate.ts';
import {
  acceptFriendRequest,
  declineFriendRequest,
  listFriends,
  listIncomingRequests,
  removeFriend,
  sendFriendRequest,
} from './friends.service.ts';

const userParam = z.object({ userId: z.string().min(1) });
const requestParam = z.object({ id: z.uuid('Friend request not found.') });

export const friendRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json({ items: await listFriends(c.var.deps.database.db, currentUser(c).id) }))
  .delete('/:userId', validate('param', userParam), async (c) => {
    await removeFriend(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').userId);
    return c.json({ ok: true as const });
  });

export const friendRequestRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json({ items: await listIncomingRequests(c.var.deps.database.db, currentUser(c).id) }))
  .post('/', validate('json', sendFriendRequestInputSchema), async (c) => {
    const { userId } = c.req.valid('json');
    const result = await sendFriendRequest(c.var.deps.database.db, currentUser(c).id, userId);
    // Their inbox line, 'Waiting on You' and requests list change.
    await c.var.deps.events.publish([userId], { kind: 'notifications' });
    await c.var.deps.events.publish([userId], { kind: 'friends' });
    return c.json(result, result.status === 'pending' ? 201 : 200);
  })
  .post('/:id/accept', validate('param', requestParam), async (c) => {
    const { requesterId } = await acceptFriendRequest(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id);
    await c.var.deps.events.publish([requesterId], { kind: 'notifications' });
    await c.var.deps.events.publish([requesterId], { kind: 'friends' });
    return c.json({ ok: true as const });
  })
  .post('/:id/decline', validate('param', requestParam), async (c) => {
    await declineFriendRequest(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id);
    return c.json({ ok: true as const });
  });
