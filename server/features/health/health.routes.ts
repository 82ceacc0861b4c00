import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  try {
    await c.var.deps.database.ping();
  } catch (error) {
    // A warning, not an error: a load balancer polls this through a whole outage.
    c.var.deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'health check: database unreachable',
    );
    return c.json({ status: 'unavailable' as const, database: 'unreachable' as const }, 503);
  }
  return c.json({
    status: 'ok' as const,
    database: c.var.deps.database.kind,
    latencyMs: Math.round((performance.now() - started) * 10) / 10,
  });
});
