import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  try {
    await c.var.deps.database.ping();
  } catch (error) {
    c.var.deps.logger.error({ err: error }, 'health check: database unreachable');
    return c.json({ status: 'unavailable' as const, database: 'unreachable' as const }, 503);
  }
  return c.json({
    status: 'ok' as const,
    database: c.var.deps.database.kind,
    latencyMs: Math.round((performance.now() - started) * 10) / 10,
  });
});
