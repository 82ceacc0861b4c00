import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AVATAR_MAX_BYTES, photoMessages, updateProfileInputSchema } from '#domain/profiles.ts';
import type { AppEnv } from '#server/app-env.ts';
import { refreshSessionUser } from '../auth/auth.service.ts';
import { AppError } from '#server/lib/errors.ts';
import { currentUser, requireUser, session } from '#server/middleware/session.ts';
import { validate } from '#server/middleware/validate.ts';
import { friendIdsOf } from '../friends/friends.service.ts';
import { saveAvatar } from './avatar.service.ts';
import { getProfileScreen, updateProfile } from './profile.service.ts';

/** The user's name or photo changed: their own other screens and their friends' open ones re-read them. */
async function publishPeopleChange(c: Context<AppEnv>, userId: string): Promise<void> {
  const friends = await friendIdsOf(c.var.deps.database.db, userId);
  await c.var.deps.events.publish([userId, ...friends], { kind: 'people' });
}

export const profileRoutes = new Hono<AppEnv>()
  .use(session, requireUser)
  .get('/', async (c) => c.json(await getProfileScreen(c.var.deps.database.db, currentUser(c).id)))
  .patch('/', validate('json', updateProfileInputSchema), async (c) => {
    const profile = await updateProfile(c.var.deps.database.db, currentUser(c).id, c.req.valid('json'));
    await refreshSessionUser(c.var.deps.auth, profile.id);
    await publishPeopleChange(c, profile.id);
    return c.json(profile);
  })
  .put(
    '/avatar',
    // Counted on the streamed body, so a lying Content-Length cannot get more through.
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB.');
      },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!type.startsWith('image/')) throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
      const body = Buffer.from(await c.req.arrayBuffer());
      if (body.length === 0) throw new AppError('VALIDATION_FAILED', photoMessages.invalidType.message);
      const { db } = c.var.deps.database;
      const image = await saveAvatar(db, c.var.deps.storage, currentUser(c).id, body);
      await refreshSessionUser(c.var.deps.auth, currentUser(c).id);
      await publishPeopleChange(c, currentUser(c).id);
      return c.json({ image });
    },
  );
