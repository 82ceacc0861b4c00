import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { photoMessages } from '#domain/profile-rules.ts';
import { PROOF_MAX_BYTES } from '#domain/proofs.ts';
import { AppError } from './errors.ts';

/** The upload paths that take an image body instead of JSON (app.ts lets them past the 64 KB JSON limit). */
export const PROOF_UPLOAD_PATH = /^\/api\/(bets|pots)\/[^/]+\/proofs$/;

/** Counted on the streamed body, as the avatar upload's is: a lying Content-Length gets no more through. */
export const proofBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: PROOF_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', photoMessages.tooLarge.message);
  },
});

/** The raw image body of an upload: refused unless it says it is an image and is not empty (the bytes are checked when decoded). */
export async function readImageBody(c: Context): Promise<Buffer> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('image/')) throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
  const body = Buffer.from(await c.req.arrayBuffer());
  if (body.length === 0) throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
  return body;
}

/** A proof photo's response: only its viewers get it, so browsers may keep it but shared caches may not. */
export function proofImageResponse(c: Context, data: Buffer): Response {
  return c.body(new Uint8Array(data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
}
