import { Hono } from 'hono';
import { friendIdParamSchema, settleInputSchema, settlementParamSchema } from '#domain/balances.ts';
import type { AppEnv } from '#server/app-env.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { remindAboutBalance } from '../reminders/reminders.service.ts';
import { confirmSettlement, getBalance, listBalances, settleUp, type SettlementEffects } from './balances.service.ts';
import type { Context } from 'hono';

const effectsOf = (c: Context<AppEnv>): SettlementEffects => ({ publish: (userIds, event) => c.var.deps.events.publish(userIds, event) });

/** Balances per friend and settling up. */
export const balanceRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json(await listBalances(c.var.deps.database.db, currentUser(c).id)))
  .get('/:friendId', validate('param', friendIdParamSchema), async (c) =>
    c.json(await getBalance(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').friendId)),
  )
  .post('/:friendId/settle', validate('param', friendIdParamSchema), validate('json', settleInputSchema), async (c) =>
    c.json(
      await settleUp(c.var.deps.database.db, effectsOf(c), currentUser(c).id, c.req.valid('param').friendId, c.req.valid('json')),
      201,
    ),
  )
  .post('/:friendId/remind', validate('param', friendIdParamSchema), async (c) =>
    c.json(await remindAboutBalance(c.var.deps.database.db, effectsOf(c), currentUser(c).id, c.req.valid('param').friendId)),
  );

export const settlementRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .post('/:id/confirm', validate('param', settlementParamSchema), async (c) =>
    c.json(await confirmSettlement(c.var.deps.database.db, effectsOf(c), currentUser(c).id, c.req.valid('param').id)),
  );
