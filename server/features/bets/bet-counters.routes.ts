import { Hono } from 'hono';
import { z } from 'zod';
import { acceptCounterInputSchema, counterBetInputSchema } from '#domain/bets.ts';
import type { AppEnv } from '#server/app-env.ts';
import { betEffects } from '#server/lib/bet-effects.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { acceptCounter, counterBet } from './bet-counters.service.ts';

const betParam = z.object({ id: z.uuid('Bet not found.') });

/** 'Counter' and 'Accept Counter' on a pending bet (ADR 062). */
export const betCounterRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .post('/:id/counter', validate('param', betParam), validate('json', counterBetInputSchema), async (c) =>
    c.json(
      await counterBet(
        c.var.deps.database.db,
        betEffects(c),
        currentUser(c).id,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
    ),
  )
  .post(
    '/:id/accept-counter',
    validate('param', betParam),
    validate('json', acceptCounterInputSchema),
    async (c) =>
      c.json(
        await acceptCounter(
          c.var.deps.database.db,
          betEffects(c),
          currentUser(c).id,
          c.req.valid('param').id,
          c.req.valid('json').seenCounters,
        ),
      ),
  );
