import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { AppError } from '#server/lib/errors.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';

/**
 * One Server-Sent Events stream per signed-in browser. The instance's stream hub
 * (server/lib/stream-hub.ts) writes its frames and heartbeats, and ends it as soon as
 * its own session is gone: when the bus says one of the user's sessions ended, after
 * the instance may have missed events, and at each heartbeat.
 */
export const eventRoutes = new Hono<AppEnv>().use(session, requireUser).get('/', (c) => {
  const userId = currentUser(c).id;
  const sessionId = c.get('session')?.id;
  if (!sessionId) throw new AppError('UNAUTHORIZED');
  const body = c.var.deps.streams.open(userId, sessionId, c.req.raw.signal);
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    // Written as frames arrive: node-server then sends the headers at once instead of waiting for a body.
    'Transfer-Encoding': 'chunked',
  });
});
