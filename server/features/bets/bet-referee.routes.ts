import { Hono } from 'hono';
import { z } from 'zod';
import { decideBetInputSchema, pickBetRefereeInputSchema } from '#domain/bets.ts';
import type { AppEnv } from '#server/app-env.ts';
import { betEffects } from '#server/lib/bet-effects.ts';
import { proofBodyLimit, proofImageResponse, readImageBody } from '#server/lib/proof-upload.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { addBetProof, listBetProofs, readBetProof } from './bet-proof.service.ts';
import {
  acceptRefereeRole,
  decideBet,
  declineRefereeRole,
  listRefereeCandidates,
  pickBetReferee,
  removeBetReferee,
} from './bet-referee.service.ts';

const betParam = z.object({ id: z.uuid('Bet not found.') });
const proofFileParam = z.object({ id: z.uuid('Bet not found.'), file: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Not found.') });
const opponentParam = z.object({ opponentId: z.string().min(1).max(64) });
const proofKindQuery = z.object({ kind: z.enum(['resolution', 'dispute']).default('resolution') });

/** A bet's referee and its proof photos (ADR 061), beside the bet routes under /api/bets. */
export const betRefereeRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/referee-candidates/:opponentId', validate('param', opponentParam), async (c) =>
    c.json(await listRefereeCandidates(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').opponentId)),
  )
  .post('/:id/referee/accept', validate('param', betParam), async (c) =>
    c.json(await acceptRefereeRole(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/referee/decline', validate('param', betParam), async (c) => {
    await declineRefereeRole(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id);
    return c.json({ ok: true as const });
  })
  .put('/:id/referee', validate('param', betParam), validate('json', pickBetRefereeInputSchema), async (c) =>
    c.json(
      await pickBetReferee(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').refereeId),
    ),
  )
  .delete('/:id/referee', validate('param', betParam), async (c) =>
    c.json(await removeBetReferee(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/referee/decide', validate('param', betParam), validate('json', decideBetInputSchema), async (c) =>
    c.json(await decideBet(c.var.deps.database.db, betEffects(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').winnerId)),
  )
  .get('/:id/proofs', validate('param', betParam), async (c) =>
    c.json(await listBetProofs(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/proofs', proofBodyLimit, validate('param', betParam), validate('query', proofKindQuery), async (c) => {
    const image = await readImageBody(c);
    const { id } = c.req.valid('param');
    const proof = await addBetProof(c.var.deps.database.db, c.var.deps.storage, betEffects(c), {
      userId: currentUser(c).id,
      betId: id,
      kind: c.req.valid('query').kind,
      image,
    });
    return c.json(proof, 201);
  })
  .get('/:id/proofs/:file', validate('param', proofFileParam), async (c) => {
    const { id, file } = c.req.valid('param');
    const data = await readBetProof(c.var.deps.database.db, c.var.deps.storage, currentUser(c).id, id, file.slice(0, -'.webp'.length));
    return proofImageResponse(c, data);
  });
