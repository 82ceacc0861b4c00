import { Hono } from 'hono';
import { unsubscribeMessages, unsubscribeQuerySchema, updateNotificationPreferenceInputSchema } from '#domain/notification-preferences.ts';
import type { AppEnv } from '#server/app-env.ts';
import { AppError } from '#server/lib/errors.ts';
import { rateLimit } from '#server/lib/rate-limit.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { verifyUnsubscribe } from '#server/lib/notification-mail.ts';
import { listPreferences, unsubscribe, updatePreference } from './preferences.service.ts';

/** /api/settings/notifications: the Push and Email switches of each category. */
export const settingsRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/notifications', async (c) => c.json(await listPreferences(c.var.deps.database.db, currentUser(c).id)))
  .put('/notifications', validate('json', updateNotificationPreferenceInputSchema), async (c) =>
    c.json(await updatePreference(c.var.deps.database.db, currentUser(c).id, c.req.valid('json'))),
  );

const unsubscribeLimit = rateLimit(
  { name: 'unsubscribe', max: 30, windowMs: 15 * 60_000, message: 'Too many unsubscribe requests. Please try again later.' },
  (c) => c.var.clientIp,
);

/**
 * POST /api/unsubscribe?token=…: the one-click unsubscribe of RFC 8058. Mail
 * clients post `List-Unsubscribe=One-Click` form-encoded from their servers,
 * without a session or an Origin, so this route alone is exempt from the
 * same-origin check (app.ts) and reads no body: the signed token is the
 * whole authority, and it can only turn one Email switch off.
 */
export const unsubscribeRoutes = new Hono<AppEnv>().post('/', unsubscribeLimit, async (c) => {
  const query = unsubscribeQuerySchema.safeParse({ token: c.req.query('token') });
  const claim = query.success ? verifyUnsubscribe(query.data.token) : null;
  if (!claim) throw new AppError('INVALID_LINK', unsubscribeMessages.invalid);
  await unsubscribe(c.var.deps.database.db, claim);
  return c.json({ category: claim.category });
});
