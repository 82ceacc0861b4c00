import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../app-env.ts';
import { changeKinds, type ChangeEvent } from '../../../domain/realtime.ts';
import { currentUser, requireUser, session } from '../../middleware/session.ts';

const HEARTBEAT_MS = 25_000;

/**
 * One Server-Sent Events stream per signed-in browser. The stream re-checks
 * its session when one of the user's sessions ends (sign-out, revocation),
 * after the instance may have missed events, and at each heartbeat; it ends
 * as soon as its own session is gone.
 */
export const eventRoutes = new Hono<AppEnv>().use(session, requireUser).get('/', (c) => {
  const userId = currentUser(c).id;
  const { events, auth } = c.var.deps;
  const headers = c.req.raw.headers;
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  // The database, not a cached cookie: the point is to notice a session that just ended.
  const isSessionLive = async () => {
    const still = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    return still?.user.id === userId;
  };
  return streamSSE(c, async (stream) => {
    const queue: ChangeEvent[] = [];
    // An object, not a boolean: the subscriber sets it while the loop awaits.
    const state = { recheck: false, closing: false };
    let wake: (() => void) | undefined;
    const unsubscribe = events.subscribe(userId, (event) => {
      if (event.kind === 'closing') state.closing = true;
      else if (event.kind === 'session-ended') state.recheck = true;
      else if (event.kind === 'resync') {
        state.recheck = true;
        // The web refetches what each kind covers: all of them is a full refetch.
        queue.push(...changeKinds.map((kind) => ({ kind })));
      } else queue.push(event);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}' });
    let nextBeat = Date.now() + HEARTBEAT_MS;
    while (!stream.aborted && !stream.closed) {
      // The instance is stopping: the browser's EventSource reconnects, through the load balancer, elsewhere.
      if (state.closing) break;
      if (state.recheck) {
        state.recheck = false;
        if (!(await isSessionLive())) break;
      }
      const event = queue.shift();
      if (event) {
        await stream.writeSSE({ event: 'change', data: JSON.stringify(event) });
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
        if (!(await isSessionLive())) break;
        await stream.writeSSE({ event: 'ping', data: '{}' });
      }
    }
    unsubscribe();
  });
});
