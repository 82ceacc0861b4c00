import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from './app.ts';
import { createOverdueJob } from './features/bets/overdue-job.ts';
import { createReminderJob } from './features/reminders/reminder-job.ts';
import { createPotCloseJob } from './features/pots/pot-close-job.ts';
import { bootstrap } from './bootstrap.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { startHeldMailFlush } from './lib/notification-mail.ts';
import { answerClientError } from './lib/client-error.ts';
import { resolveClientIp } from './lib/client-ip.ts';
import { createLogger } from './lib/logger.ts';
import { StartupError } from './lib/startup-error.ts';

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const PGLITE_JOB_BATCH_SIZE = 100;

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'));
const started = performance.now();
const deps = await bootstrap(env, logger).catch((error: unknown) => {
  // Operator mistakes (unreachable database, data directory in use) are one line, not a stack.
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`Cannot start Sidepot: ${error.message}\n`);
  process.exit(1);
});
const app = createApp(deps, {
  // serveStatic wants a path relative to the working directory.
  staticRoot: path.relative(process.cwd(), path.resolve(env.WEB_DIST_DIR ?? DEFAULT_WEB_DIR)),
  clientIp: (c) => resolveClientIp(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), env.TRUSTED_PROXIES),
});
deps.mail.start();
// Mail the throttle held back, once its window ends without a next event to carry it.
const stopHeldMailFlush = startHeldMailFlush(
  deps.database.db,
  (error) => logger.error({ err: error }, 'held notification mail flush failed'),
  () => deps.mail.wake(),
);
// PGlite has one connection: a background pass holds every request up for the length of its transaction
// (10k-user seed, loaded machine: 500 reminders 110 ms warm, up to 0.9 s cold; 100 reminders 45 ms / 0.4 s).
// Smaller batches let queued requests in between passes.
const jobBatchSize = deps.database.kind === 'pglite' ? PGLITE_JOB_BATCH_SIZE : undefined;
const overdueJob = createOverdueJob({ db: deps.database.db, publish: (userIds, event) => deps.events.publish(userIds, event), logger, batchSize: jobBatchSize });
overdueJob.start();
const reminderJob = createReminderJob({ db: deps.database.db, publish: (userIds, event) => deps.events.publish(userIds, event), logger, batchSize: jobBatchSize });
reminderJob.start();
const potCloseJob = createPotCloseJob({ db: deps.database.db, publish: (userIds, event) => deps.events.publish(userIds, event), logger, batchSize: jobBatchSize });
potCloseJob.start();
deps.push.start();

let draining = false;
/**
 * While draining (after SIGTERM, SHUTDOWN_DRAIN_MS) the health check fails so the load balancer
 * takes this instance out, and every answer closes its connection so no keep-alive connection is
 * reused just as the listener closes.
 */
async function fetchWhileDraining(request: Request, bindings: unknown): Promise<Response> {
  if (new URL(request.url).pathname === '/api/health') return Response.json({ status: 'draining' }, { status: 503, headers: { connection: 'close' } });
  const response = await app.fetch(request, bindings);
  const closing = new Response(response.body, response);
  closing.headers.set('connection', 'close');
  return closing;
}

const server = serve({ fetch: (request, bindings) => (draining ? fetchWhileDraining(request, bindings) : app.fetch(request, bindings)), port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(
    { port: info.port, database: deps.database.kind, mail: env.SMTP_URL ? 'smtp' : 'log', startupMs: Math.round(performance.now() - started) },
    `Sidepot listening on http://localhost:${info.port}`,
  );
});

// Node closes an idle keep-alive connection after 5 s by default. A client (a load balancer, a browser,
// Playwright's request context) that sends its next request on the connection just as it closes gets a
// reset instead of an answer (e2e, once). Idle connections live longer than any balancer's idle timeout
// (HAProxy's here is 10 s, cloud balancers' 60 s), so the client always closes first. server.close()
// still ends idle connections at once on shutdown.
if (server instanceof http.Server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

// Requests Node's parser refuses (431 oversized headers) still answer in our error shape.
server.on('clientError', answerClientError);

server.on('error', (error: NodeJS.ErrnoException) => {
  const reason = error.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (set PORT)` : error.message;
  process.stderr.write(`Cannot start Sidepot: ${reason}\n`);
  void deps.database.close().finally(() => process.exit(1));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, drainMs: env.SHUTDOWN_DRAIN_MS }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    process.exit(1);
  }, env.SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS);
  force.unref();
  if (env.SHUTDOWN_DRAIN_MS > 0) {
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
  }
  // Stop taking requests, finish the ones in flight, then close the database
  // last so PGlite flushes everything to disk.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Open event streams would hold the close until the timeout: end them (browsers reconnect elsewhere).
  deps.events.endStreams();
  // close() ends the connections idle at that moment; one busy then goes idle when its answer is sent
  // and would otherwise be kept for the whole keep-alive timeout (65 s) past the shutdown's deadline.
  const closeIdle = server instanceof http.Server ? setInterval(() => server.closeIdleConnections(), 100) : undefined;
  await closed;
  clearInterval(closeIdle);
  stopHeldMailFlush();
  await overdueJob.stop();
  await reminderJob.stop();
  await potCloseJob.stop();
  await deps.close();
  logger.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
