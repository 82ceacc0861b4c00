import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser, session } from '../../middleware/session.ts';

const HEARTBEAT_MS = 25_000;

/**
 * One Server-Sent Events stream per signed-in browser. Each heartbeat also
 * re-checks the session, so a stream ends soon after logout.
 */
export const eventRoutes = new Hono<AppEnv>().use(session, requireUser).get('/', (c) => {
  const userId = currentUser(c).id;
  const { events, auth } = c.var.deps;
  const headers = c.req.raw.headers;
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: string[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = events.subscribe(userId, (event) => {
      queue.push(JSON.stringify(event));
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}' });
    let nextBeat = Date.now() + HEARTBEAT_MS;
    while (!stream.aborted && !stream.closed) {
      const event = queue.shift();
      if (event) {
        await stream.writeSSE({ event: 'change', data: event });
        continue;
      }
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, Math.max(0, nextBeat - Date.now()));
      });
      clearTimeout(timer);
      wake = undefined;
      if (Date.now() >= nextBeat) {
        nextBeat = Date.now() + HEARTBEAT_MS;
        const still = await auth.api.getSession({ headers });
        if (!still || still.user.id !== userId) break;
        await stream.writeSSE({ event: 'ping', data: '{}' });
      }
    }
    unsubscribe();
  });
});
