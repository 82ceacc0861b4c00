import { Hono } from 'hono';
import { z } from 'zod';
import { addCommentInputSchema } from '#domain/feed.ts';
import { pageQuerySchema } from '#domain/pagination.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { addComment, listComments } from '../comments/comments.service.ts';
import { getWeeklyLeaderboard } from '../leaderboard/leaderboard.service.ts';
import { getBetPage } from './bet-page.service.ts';
import { getFeedPage } from './feed.service.ts';
import { likeBet, unlikeBet } from './likes.service.ts';
import { viewersOf } from '#server/lib/visibility.ts';

const betParam = z.object({ id: z.uuid('Bet not found.') });

export const feedRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', validate('query', pageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await getFeedPage(c.var.deps.database.db, currentUser(c).id, c.req.valid('query').cursor)),
  )
  .get('/leaderboard', async (c) => c.json({ items: await getWeeklyLeaderboard(c.var.deps.database.db, currentUser(c).id) }));

/** The bet page and what hangs off a bet: /api/bets/:id, /api/bets/:id/like, /api/bets/:id/comments. */
export const betSocialRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  // The bet page (/bets/:id in the web): the feed card plus the viewer's actions.
  .get('/:id', validate('param', betParam), async (c) =>
    c.json(await getBetPage(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  // A like changes the count on every open feed that shows the bet, as a comment does.
  .put('/:id/like', validate('param', betParam), async (c) => {
    const { db } = c.var.deps.database;
    const { state, bet } = await likeBet(db, currentUser(c).id, c.req.valid('param').id);
    await c.var.deps.events.publish(await viewersOf(db, bet), { kind: 'feed', betId: bet.id });
    return c.json(state);
  })
  .delete('/:id/like', validate('param', betParam), async (c) => {
    const { db } = c.var.deps.database;
    const { state, bet } = await unlikeBet(db, currentUser(c).id, c.req.valid('param').id);
    await c.var.deps.events.publish(await viewersOf(db, bet), { kind: 'feed', betId: bet.id });
    return c.json(state);
  })
  .get('/:id/comments', validate('param', betParam), async (c) =>
    c.json({ items: await listComments(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post('/:id/comments', validate('param', betParam), validate('json', addCommentInputSchema), async (c) => {
    const { db } = c.var.deps.database;
    const { comment, bet, notified } = await addComment(db, currentUser(c).id, c.req.valid('param').id, c.req.valid('json').text);
    await c.var.deps.events.publish(await viewersOf(db, bet), { kind: 'feed', betId: bet.id });
    if (notified.length > 0) await c.var.deps.events.publish(notified, { kind: 'notifications' });
    return c.json(comment, 201);
  });
