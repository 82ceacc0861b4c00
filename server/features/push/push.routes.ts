import { Hono } from 'hono';
import {
  PUSH_SUBSCRIBE_RATE_LIMIT,
  pushMessages,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  type PushConfig,
  type PushSubscriptionState,
} from '#domain/push.ts';
import type { AppEnv } from '#server/app-env.ts';
import { rateLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { deleteSubscription, saveSubscription } from './push.service.ts';

const subscribeLimit = rateLimit(
  { name: 'push-subscribe', ...PUSH_SUBSCRIBE_RATE_LIMIT, message: pushMessages.rateLimited },
  (c) => currentUser(c).id,
);

/** Web Push: the VAPID public key, and this device's subscription. */
export const pushRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/config', (c) => c.json({ publicKey: c.var.deps.vapidPublicKey } satisfies PushConfig))
  .post('/subscriptions', subscribeLimit, validate('json', pushSubscriptionInputSchema), async (c) => {
    // Only a browser's push service, resolving to public addresses only (ADR 051); the worker checks again.
    await c.var.deps.pushEndpoints.check(c.req.valid('json').endpoint);
    await saveSubscription(c.var.deps.database.db, currentUser(c).id, c.req.valid('json'), c.req.header('user-agent'));
    return c.json({ subscribed: true } satisfies PushSubscriptionState);
  })
  .delete('/subscriptions', validate('json', pushUnsubscribeInputSchema), async (c) => {
    await deleteSubscription(c.var.deps.database.db, currentUser(c).id, c.req.valid('json').endpoint);
    return c.json({ subscribed: false } satisfies PushSubscriptionState);
  });
