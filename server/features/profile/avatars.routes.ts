import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#server/app-env.ts';
import { AppError } from '#server/lib/errors.ts';
import { validate } from '#server/middleware/validate.ts';
import { readAvatar } from './avatar.service.ts';

const fileParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.webp$/, 'Not found.') });
const versionQuery = z.object({ v: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Not found.').optional() });

/** Avatar images; URLs carry a version, so responses can be cached for a year. */
export const avatarRoutes = new Hono<AppEnv>().get('/:file', validate('param', fileParam), validate('query', versionQuery), async (c) => {
  const userId = c.req.valid('param').file.slice(0, -'.webp'.length);
  const data = await readAvatar(c.var.deps.storage, userId, c.req.valid('query').v);
  if (!data) throw new AppError('NOT_FOUND');
  return c.body(new Uint8Array(data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
