import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { validate } from '../../middleware/validate.ts';

const fileParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]+\.webp$/, 'Not found.') });

/** Avatar images; URLs carry a version, so responses can be cached for a year. */
export const avatarRoutes = new Hono<AppEnv>().get('/:file', validate('param', fileParam), async (c) => {
  const { file } = c.req.valid('param');
  const data = await c.var.deps.storage.get(`avatars/${file}`);
  if (!data) throw new AppError('NOT_FOUND');
  return c.body(new Uint8Array(data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
