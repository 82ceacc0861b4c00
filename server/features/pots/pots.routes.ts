import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createPotInputSchema,
  declarePotInputSchema,
  disputePotInputSchema,
  disputeVoteInputSchema,
  pickRefereeInputSchema,
  potPickInputSchema,
  votePotInputSchema,
} from '#domain/pots.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import {
  acceptReferee,
  cancelPot,
  castVote,
  changePick,
  closeEntries,
  confirmPotPayment,
  createPot,
  declareResult,
  declineInvitation,
  declineReferee,
  disputePot,
  voteOnDispute,
  getPot,
  joinPot,
  leavePot,
  markPotPaymentSent,
  pickReferee,
  type PotEffects,
} from './pots.service.ts';
import { addPotComment, getMyPots, likePot, listPotComments, unlikePot } from './pot-social.service.ts';
import { addCommentInputSchema } from '#domain/feed.ts';

const potParam = z.object({ id: z.uuid('Pot not found.') });
const paymentParam = z.object({ id: z.uuid('Pot not found.'), paymentId: z.uuid('Payment not found.') });

function potEffects(c: Context<AppEnv>): PotEffects {
  const { events } = c.var.deps;
  return { publish: (userIds, event) => events.publish(userIds, event) };
}

export const potRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .post('/', validate('json', createPotInputSchema), async (c) =>
    c.json(
      await createPot(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('json')),
      201,
    ),
  )
  // The profile's 'Open Pots' and decided pots (ADR 060).
  .get('/mine', async (c) => c.json(await getMyPots(c.var.deps.database.db, currentUser(c).id)))
  // A pot card's like and comments change the counts on every open feed that shows it, as a bet's do.
  .put('/:id/like', validate('param', potParam), async (c) => {
    const { state, viewers } = await likePot(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id);
    await c.var.deps.events.publish(viewers, { kind: 'feed' });
    return c.json(state);
  })
  .delete('/:id/like', validate('param', potParam), async (c) => {
    const { state, viewers } = await unlikePot(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id);
    await c.var.deps.events.publish(viewers, { kind: 'feed' });
    return c.json(state);
  })
  .get('/:id/comments', validate('param', potParam), async (c) =>
    c.json({ items: await listPotComments(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post('/:id/comments', validate('param', potParam), validate('json', addCommentInputSchema), async (c) => {
    const { comment, notified, viewers } = await addPotComment(
      c.var.deps.database.db,
      currentUser(c).id,
      c.req.valid('param').id,
      c.req.valid('json').text,
    );
    await c.var.deps.events.publish(viewers, { kind: 'feed' });
    if (notified.length > 0) await c.var.deps.events.publish(notified, { kind: 'notifications' });
    return c.json(comment, 201);
  })
  .get('/:id', validate('param', potParam), async (c) =>
    c.json(await getPot(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/entry', validate('param', potParam), validate('json', potPickInputSchema), async (c) =>
    c.json(
      await joinPot(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
    ),
  )
  .put('/:id/entry', validate('param', potParam), validate('json', potPickInputSchema), async (c) =>
    c.json(
      await changePick(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
    ),
  )
  .delete('/:id/entry', validate('param', potParam), async (c) =>
    c.json(await leavePot(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/close', validate('param', potParam), async (c) =>
    c.json(
      await closeEntries(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('param').id),
    ),
  )
  .post('/:id/cancel', validate('param', potParam), async (c) =>
    c.json(
      await cancelPot(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('param').id),
    ),
  )
  .post('/:id/referee', validate('param', potParam), async (c) =>
    c.json(
      await acceptReferee(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('param').id),
    ),
  )
  .post('/:id/referee/decline', validate('param', potParam), async (c) =>
    c.json(
      await declineReferee(c.var.deps.database.db, potEffects(c), currentUser(c).id, c.req.valid('param').id),
    ),
  )
  .put('/:id/referee', validate('param', potParam), validate('json', pickRefereeInputSchema), async (c) =>
    c.json(
      await pickReferee(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json').refereeId,
      ),
    ),
  )
  .post('/:id/decline', validate('param', potParam), async (c) =>
    c.json(
      await declineInvitation(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
      ),
    ),
  )
  .post('/:id/result', validate('param', potParam), validate('json', declarePotInputSchema), async (c) =>
    c.json(
      await declareResult(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
    ),
  )
  .post('/:id/vote', validate('param', potParam), validate('json', votePotInputSchema), async (c) =>
    c.json(
      await castVote(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json').optionId,
      ),
    ),
  )
  .post('/:id/dispute', validate('param', potParam), validate('json', disputePotInputSchema), async (c) =>
    c.json(
      await disputePot(
        c.var.deps.database.db,
        potEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json').reason,
      ),
    ),
  )
  .post(
    '/:id/dispute/vote',
    validate('param', potParam),
    validate('json', disputeVoteInputSchema),
    async (c) =>
      c.json(
        await voteOnDispute(
          c.var.deps.database.db,
          potEffects(c),
          currentUser(c).id,
          c.req.valid('param').id,
          c.req.valid('json').overturn,
        ),
      ),
  )
  .post('/:id/payments/:paymentId/sent', validate('param', paymentParam), async (c) => {
    const { id, paymentId } = c.req.valid('param');
    return c.json(
      await markPotPaymentSent(c.var.deps.database.db, potEffects(c), currentUser(c).id, id, paymentId),
    );
  })
  .post('/:id/payments/:paymentId/confirmed', validate('param', paymentParam), async (c) => {
    const { id, paymentId } = c.req.valid('param');
    return c.json(
      await confirmPotPayment(c.var.deps.database.db, potEffects(c), currentUser(c).id, id, paymentId),
    );
  });
