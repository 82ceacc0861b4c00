import { Hono } from 'hono';
import { z } from 'zod';
import { acceptBetInputSchema, createBetInputSchema, disputeBetInputSchema, resolveBetInputSchema } from '#domain/bets.ts';
import { pageQuerySchema } from '#domain/pagination.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { remindAboutBet } from '../reminders/reminders.service.ts';
import { betEffects } from '#server/lib/bet-effects.ts';
import {
  acceptBet,
  cancelVoidRequest,
  confirmPayment,
  createBet,
  declineBet,
  disputeBet,
  keepBet,
  listMyBets,
  listSectionBets,
  markPaymentSent,
  requestOrConfirmVoid,
  resolveBet,
} from './bets.service.ts';

const betParam = z.object({ id: z.uuid('Bet not found.') });

export const betRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/mine', async (c) => c.json(await listMyBets(c.var.deps.database.db, currentUser(c).id)))
  .get('/mine/pending', validate('query', pageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await listSectionBets(c.var.deps.database.db, currentUser(c).id, 'pending', c.req.valid('query').cursor)),
  )
  .get('/mine/active', validate('query', pageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await listSectionBets(c.var.deps.database.db, currentUser(c).id, 'active', c.req.valid('query').cursor)),
  )
  .get('/mine/past', validate('query', pageQuerySchema, 'INVALID_CURSOR'), async (c) =>
    c.json(await listSectionBets(c.var.deps.database.db, currentUser(c).id, 'past', c.req.valid('query').cursor)),
  )
  .post('/', validate('json', createBetInputSchema), async (c) =>
    c.json(await createBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('json')), 201),
  )
  .post('/:id/accept', validate('param', betParam), validate('json', acceptBetInputSchema), async (c) =>
    c.json(
      await acceptBet(
        c.var.deps.database.db,
        betEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json').prediction,
        c.req.valid('json').seenCounters,
      ),
    ),
  )
  .post('/:id/decline', validate('param', betParam), async (c) => {
    await declineBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id);
    return c.json({ ok: true as const });
  })
  .post('/:id/resolve', validate('param', betParam), validate('json', resolveBetInputSchema), async (c) =>
    c.json(await resolveBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').outcome)),
  )
  .post('/:id/void', validate('param', betParam), async (c) =>
    c.json(await requestOrConfirmVoid(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .delete('/:id/void', validate('param', betParam), async (c) =>
    c.json(await cancelVoidRequest(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/keep', validate('param', betParam), async (c) =>
    c.json(await keepBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/dispute', validate('param', betParam), validate('json', disputeBetInputSchema), async (c) =>
    c.json(await disputeBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').reason)),
  )
  .post('/:id/payment-sent', validate('param', betParam), async (c) =>
    c.json(await markPaymentSent(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/payment-confirmed', validate('param', betParam), async (c) =>
    c.json(await confirmPayment(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/remind', validate('param', betParam), async (c) =>
    c.json(await remindAboutBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  );
