import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#server/app-env.ts';
import { proofBodyLimit, proofImageResponse, readImageBody } from '#server/lib/proof-upload.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { addPotProof, listPotProofs, readPotProof } from './pot-proof.service.ts';

const potParam = z.object({ id: z.uuid('Pot not found.') });
const proofFileParam = z.object({ id: z.uuid('Pot not found.'), file: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Not found.') });

/** A pot's proof photos (ADR 061), beside the pot routes under /api/pots. */
export const potProofRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/:id/proofs', validate('param', potParam), async (c) =>
    c.json(await listPotProofs(c.var.deps.database.db, currentUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/proofs', proofBodyLimit, validate('param', potParam), async (c) => {
    const image = await readImageBody(c);
    const { events } = c.var.deps;
    const proof = await addPotProof(
      c.var.deps.database.db,
      c.var.deps.storage,
      { publish: (userIds, event) => events.publish(userIds, event) },
      { userId: currentUser(c).id, potId: c.req.valid('param').id, image },
    );
    return c.json(proof, 201);
  })
  .get('/:id/proofs/:file', validate('param', proofFileParam), async (c) => {
    const { id, file } = c.req.valid('param');
    return proofImageResponse(c, await readPotProof(c.var.deps.database.db, c.var.deps.storage, currentUser(c).id, id, file.slice(0, -'.webp'.length)));
  });
