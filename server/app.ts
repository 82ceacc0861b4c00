import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { ApiErrorBody } from '../domain/errors.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { balanceRoutes, settlementRoutes } from './features/balances/balances.routes.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { betRoutes } from './features/bets/bets.routes.ts';
import { betRefereeRoutes } from './features/bets/bet-referee.routes.ts';
import { betCounterRoutes } from './features/bets/bet-counters.routes.ts';
import { challengeRoutes } from './features/challenges/challenges.routes.ts';
import { eventRoutes } from './features/events/events.routes.ts';
import { betSocialRoutes, feedRoutes } from './features/feed/feed.routes.ts';
import { friendRequestRoutes, friendRoutes } from './features/friends/friends.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { inviteRoutes } from './features/invites/invites.routes.ts';
import { limitRoutes } from './features/limits/limits.routes.ts';
import { activityRoutes } from './features/notifications/activity.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { avatarRoutes } from './features/profile/avatars.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { settingsRoutes, unsubscribeRoutes } from './features/settings/settings.routes.ts';
import { potRoutes } from './features/pots/pots.routes.ts';
import { potProofRoutes } from './features/pots/pot-proof.routes.ts';
import { groupRoutes } from './features/groups/groups.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { CLIENT_IP_HEADER } from './features/auth/auth.service.ts';
import { AppError } from './lib/errors.ts';
import { PROOF_UPLOAD_PATH } from './lib/proof-upload.ts';
import { staticFiles } from './lib/static-files.ts';
import { compressResponses } from './middleware/compress.ts';
import { noStoreJson } from './middleware/no-store.ts';
import { requireSameOrigin } from './middleware/same-origin.ts';
import { ValidationError } from './middleware/validate.ts';

/** The typed API surface the web client (`hc<AppType>`) is built from. */
const apiRoutes = new Hono<AppEnv>()
  .route('/health', healthRoutes)
  .route('/config', configRoutes)
  .route('/profile', profileRoutes)
  .route('/avatars', avatarRoutes)
  .route('/friends', friendRoutes)
  .route('/friend-requests', friendRequestRoutes)
  .route('/users', userRoutes)
  .route('/bets', betRoutes)
  .route('/bets', betSocialRoutes)
  .route('/bets', betRefereeRoutes)
  .route('/bets', betCounterRoutes)
  .route('/challenges', challengeRoutes)
  .route('/pots', potRoutes)
  .route('/pots', potProofRoutes)
  .route('/groups', groupRoutes)
  .route('/feed', feedRoutes)
  .route('/notifications', notificationRoutes)
  .route('/activity', activityRoutes)
  .route('/invites', inviteRoutes)
  .route('/settings', settingsRoutes)
  .route('/unsubscribe', unsubscribeRoutes)
  .route('/push', pushRoutes)
  .route('/balances', balanceRoutes)
  .route('/settlements', settlementRoutes)
  .route('/limits', limitRoutes)
  .route('/history', historyRoutes)
  .route('/events', eventRoutes);

export type AppType = typeof apiRoutes;

export type CreateAppOptions = {
  /** Folder of the built SPA; omitted in API tests. */
  staticRoot?: string;
  /** How to learn the caller's address; the Node entry point reads the socket. */
  clientIp: (c: Context<AppEnv>) => string | undefined;
};

function errorBody(code: ApiErrorBody['error']['code'], message: string, issues?: ApiErrorBody['error']['issues']): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function createApp(deps: AppDeps, options: CreateAppOptions) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('session', null);
    c.set('clientIp', options.clientIp(c) ?? 'unknown');
    const started = performance.now();
    await next();
    // The path only: query strings may carry verification or reset tokens.
    deps.logger.info(
      { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  // Outermost after the log, so it sees every answer whole: errors, the shell and static files.
  app.use(compressResponses({ except: '/api/auth/' }));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // sonner and Radix set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  // Outside the body limit, so its 413 is marked too.
  app.use('/api/*', noStoreJson);
  const jsonLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // The avatar and proof uploads set their own, larger limit. A GET or HEAD has no body here (@hono/node-server
  // builds it body-less), and asking for one builds a whole Web Request, ~0.1 ms per request (ADR 042).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === '/api/profile/avatar' || PROOF_UPLOAD_PATH.test(c.req.path)
      ? next()
      : // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono types a middleware's input generic as `any`.
        jsonLimit(c, next),
  );

  // State changes only from our own pages. /api/auth is left to
  // better-auth's own origin check, which also covers its cookie-less sign-in;
  // /api/unsubscribe is posted by mail clients (RFC 8058) and trusts only its signed token.
  app.use('/api/*', requireSameOrigin(deps.env.PUBLIC_URL, { except: ['/api/auth/', '/api/unsubscribe'] }));

  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    if (c.var.clientIp !== 'unknown') headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    return deps.auth.handler(new Request(c.req.raw, { headers }));
  });

  // Returned typed with its routes, so tests drive it through hono/testing's typed client.
  const withApi = app.route('/api', apiRoutes);
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });

  if (options.staticRoot) {
    // A signed-in screen's first data, read from this app for the page's own request (ADR 067): the same
    // answers, cookies and client address as the browser's own reads.
    const readApi = (c: Context<AppEnv>, path: string) =>
      Promise.resolve(
        app.fetch(new Request(new URL(path, c.req.url), { headers: { cookie: c.req.header('cookie') ?? '' } }), c.env),
      );
    app.route('/', staticFiles(options.staticRoot, { readApi }));
  }
  // Whatever nothing answered (a POST outside /api, any path in API-only tests) is a 404 in the error shape.
  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found.'), 404));

  app.onError((error, c) => {
    if (error instanceof ValidationError) return c.json(errorBody(error.code, error.message, error.issues), 422);
    if (error instanceof AppError) return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(error.status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_FAILED', error.message), error.status);
    }
    deps.logger.error({ err: error, reqId: c.var.requestId, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
  });

  return withApi;
}
