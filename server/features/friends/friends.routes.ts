import { Hono } from 'hono';
import { z } from 'zod';
import { friendsPageQuerySchema, sendFriendRequestInputSchema } from '#domain/friends.ts';
import { userIdSchema } from '#domain/users.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { viewersOf } from '#server/lib/visibility.ts';
import { publishFriendshipChange } from '#server/lib/friend-events.ts';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  listAllFriends,
  listFriends,
  listIncomingRequests,
  listSentRequests,
  removeFriend,
  sendFriendRequest,
} from './friends.service.ts';

const userParam = z.object({ userId: userIdSchema });
const requestParam = z.object({ id: z.uuid('Friend request not found.') });

export const friendRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', validate('query', friendsPageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await listFriends(c.var.deps.database.db, currentUser(c).id, c.req.valid('query').cursor)),
  )
  // The friend picker searches every friend on the client (ADR 043).
  .get('/all', async (c) => c.json({ items: await listAllFriends(c.var.deps.database.db, currentUser(c).id) }))
  .delete('/:userId', validate('param', userParam), async (c) => {
    const { database, events } = c.var.deps;
    const userId = currentUser(c).id;
    const friendId = c.req.valid('param').userId;
    const { cancelledBets } = await removeFriend(database.db, userId, friendId);
    // Both lose each other's feed and friend cards; cancelled bets vanish as after a decline.
    await publishFriendshipChange(events, userId, friendId, true);
    for (const bet of cancelledBets) {
      await events.publish([bet.createdBy, bet.opponentId], { kind: 'bets', betId: bet.id });
      await events.publish(await viewersOf(database.db, bet), { kind: 'feed', betId: bet.id });
    }
    return c.json({ ok: true as const });
  });

export const friendRequestRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json({ items: await listIncomingRequests(c.var.deps.database.db, currentUser(c).id) }))
  .get('/sent', async (c) => c.json({ items: await listSentRequests(c.var.deps.database.db, currentUser(c).id) }))
  .post('/', validate('json', sendFriendRequestInputSchema), async (c) => {
    const { userId } = c.req.valid('json');
    const me = currentUser(c).id;
    const result = await sendFriendRequest(c.var.deps.database.db, me, userId);
    // Their inbox line, 'Waiting on You' and requests list change.
    await c.var.deps.events.publish([userId], { kind: 'notifications' });
    await publishFriendshipChange(c.var.deps.events, me, userId, result.status === 'accepted');
    return c.json(result, result.status === 'pending' ? 201 : 200);
  })
  .post('/:id/accept', validate('param', requestParam), async (c) => {
    const me = currentUser(c).id;
    const { requesterId } = await acceptFriendRequest(c.var.deps.database.db, me, c.req.valid('param').id);
    await c.var.deps.events.publish([requesterId], { kind: 'notifications' });
    await publishFriendshipChange(c.var.deps.events, me, requesterId, true);
    return c.json({ ok: true as const });
  })
  .post('/:id/decline', validate('param', requestParam), async (c) => {
    const me = currentUser(c).id;
    const { requesterId } = await declineFriendRequest(c.var.deps.database.db, me, c.req.valid('param').id);
    await publishFriendshipChange(c.var.deps.events, me, requesterId, false);
    return c.json({ ok: true as const });
  })
  .post('/:id/cancel', validate('param', requestParam), async (c) => {
    const me = currentUser(c).id;
    const { requestedId } = await cancelFriendRequest(c.var.deps.database.db, me, c.req.valid('param').id);
    // Their 'Waiting on You', requests list, inbox and red dot lose it ('friends' covers them all).
    await publishFriendshipChange(c.var.deps.events, me, requestedId, false);
    return c.json({ ok: true as const });
  });
