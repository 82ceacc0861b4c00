import { Hono } from 'hono';
import { acceptBetInputSchema } from '#domain/bets.ts';
import { challengeMessages } from '#domain/challenge-rules.ts';
import { challengeCodeParamSchema, createChallengeInputSchema } from '#domain/challenges.ts';
import type { AppEnv } from '#server/app-env.ts';
import { linkCodeLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { betEffects } from '#server/lib/bet-effects.ts';
import {
  cancelChallenge,
  createChallenge,
  declineChallenge,
  getChallenge,
  listMyChallenges,
  takeChallenge,
} from './challenges.service.ts';

/** Looking a code up or taking it, per client address, as for invites (ADR 051). */
const openLimit = linkCodeLimit('challenge-open', challengeMessages.rateLimited);

/** Challenge links (ADR 020). Reading one is public; everything else needs a session. */
export const challengeRoutes = new Hono<AppEnv>()
  .use(session)
  .get('/mine', requireUser, async (c) =>
    c.json(await listMyChallenges(c.var.deps.database.db, c.var.deps.env.PUBLIC_URL, currentUser(c).id)),
  )
  .post('/', requireUser, validate('json', createChallengeInputSchema), async (c) =>
    c.json(
      await createChallenge(
        c.var.deps.database.db,
        c.var.deps.env.PUBLIC_URL,
        currentUser(c).id,
        c.req.valid('json'),
      ),
      201,
    ),
  )
  .get('/:code', openLimit, validate('param', challengeCodeParamSchema), async (c) =>
    c.json(await getChallenge(c.var.deps.database.db, c.req.valid('param').code, c.var.user?.id ?? null)),
  )
  .post(
    '/:code/take',
    requireUser,
    openLimit,
    validate('param', challengeCodeParamSchema),
    validate('json', acceptBetInputSchema),
    async (c) =>
      c.json(
        await takeChallenge(
          c.var.deps.database.db,
          betEffects(c),
          currentUser(c).id,
          c.req.valid('param').code,
          c.req.valid('json').prediction,
        ),
      ),
  )
  .post('/:code/decline', requireUser, validate('param', challengeCodeParamSchema), async (c) => {
    const { notified } = await declineChallenge(
      c.var.deps.database.db,
      currentUser(c).id,
      c.req.valid('param').code,
    );
    if (notified.length > 0) await c.var.deps.events.publish(notified, { kind: 'notifications' });
    return c.json({ ok: true as const });
  })
  .post('/:code/cancel', requireUser, validate('param', challengeCodeParamSchema), async (c) => {
    await cancelChallenge(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').code);
    return c.json({ ok: true as const });
  });
