import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';

/** Public settings the web needs at run time (nothing secret). */
export const configRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ supportEmail: c.var.deps.env.SUPPORT_EMAIL }),
);
