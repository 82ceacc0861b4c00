import path from 'node:path';
import type { AppDeps } from './app-env.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';
import { configureNotificationMail } from './lib/notification-mail.ts';
import { applyPendingInvite, publishInviteFriendship, recordPendingInvite } from './features/invites/invites.service.ts';
import { createAuth, type PasswordHasher } from './features/auth/auth.service.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { createStreamHub, liveSessionIds } from './lib/stream-hub.ts';
import type { Logger } from './lib/logger.ts';
import { createMailWorker } from './lib/mail-outbox.ts';
import { createLogTransport, createSmtpTransport, type MailTransport } from './lib/mail-transport.ts';
import { createRedisSecondaryStorage, openRedis, type RedisConfig } from './lib/redis.ts';
import { resolveAuthSecret, resolveVapidKeys } from './lib/secret.ts';
import { createPushWorker } from './lib/push-outbox.ts';
import { createPushEndpointGuard, type PushEndpointGuard } from './lib/push-endpoint-guard.ts';
import { StartupError } from './lib/startup-error.ts';
import { createDatabaseStorage, createS3Storage, moveDiskUploads, type FileStorage } from './lib/storage.ts';

/** Keys and channels of one deployment in a shared Redis. */
const REDIS_PREFIX = 'sidepot:';

export type BootstrapOverrides = {
  transport?: MailTransport;
  database?: Database;
  /** Tests: a prefix per test file, so runs sharing one Redis never see each other's keys. */
  redisPrefix?: string;
  /** Tests: a cheap password hash, so hundreds of test accounts do not cost minutes of scrypt. */
  passwordHasher?: PasswordHasher;
  /** Tests: a short SSE heartbeat (and session re-check) period. */
  heartbeatMs?: number;
  /** Tests: a push endpoint guard with a fake resolver, or the loopback allowance (ADR 051). */
  pushEndpoints?: PushEndpointGuard;
};

function withStartupMessage(what: string) {
  return (error: unknown): never => {
    throw new StartupError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  };
}

/** Opens the database (migrating it) and wires every dependency from the environment. */
export async function bootstrap(env: Env, logger: Logger, overrides: BootstrapOverrides = {}): Promise<AppDeps> {
  const database =
    overrides.database ??
    (await (env.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, directUrl: env.DATABASE_DIRECT_URL, logger })
      : openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })));
  const redis: RedisConfig | undefined = env.REDIS_URL
    ? { url: env.REDIS_URL, prefix: overrides.redisPrefix ?? REDIS_PREFIX }
    : undefined;
  const closers: (() => Promise<void>)[] = [];
  const transport =
    overrides.transport ?? (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : createLogTransport(logger));
  const mail = createMailWorker({ db: database.db, transport, logger });
  const secret = resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR);
  configureNotificationMail({ publicUrl: env.PUBLIC_URL, authSecret: secret });
  const vapid = {
    ...resolveVapidKeys({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }, env.DATA_DIR),
    subject: env.VAPID_SUBJECT,
  };
  const pushEndpoints = overrides.pushEndpoints ?? createPushEndpointGuard();
  const push = createPushWorker({ db: database.db, vapid, logger, endpoints: pushEndpoints });
  const bus = await createEventBus(database, logger, redis).catch(withStartupMessage('cannot reach REDIS_URL or the database for events'));
  // Every change that writes inbox lines publishes 'notifications' after its commit, and
  // may have queued mail and pushes with them: that moment wakes both workers.
  const events: EventBus = {
    publish: async (userIds, event) => {
      await bus.publish(userIds, event);
      if (event.kind === 'notifications') {
        mail.wake();
        push.wake();
      }
    },
    subscribe: (userId, listener) => bus.subscribe(userId, listener),
    recent: (userId) => bus.recent(userId),
    endStreams: () => bus.endStreams(),
    close: () => bus.close(),
  };
  const streams = createStreamHub({
    events,
    liveSessions: (ids) => liveSessionIds(database.db, ids),
    logger,
    ...(overrides.heartbeatMs ? { heartbeatMs: overrides.heartbeatMs } : {}),
  });
  let secondaryStorage;
  if (redis) {
    const authRedis = await openRedis(redis.url, logger, `${redis.prefix}auth`).catch(withStartupMessage('cannot reach REDIS_URL'));
    closers.push(async () => {
      await authRedis.quit().catch(() => undefined);
    });
    secondaryStorage = createRedisSecondaryStorage(authRedis, redis.prefix);
  }
  const auth = createAuth({
    db: database.db,
    publicUrl: env.PUBLIC_URL,
    secret,
    mail,
    logger,
    secondaryStorage,
    ...(overrides.passwordHasher ? { passwordHasher: overrides.passwordHasher } : {}),
    onSessionEnded: (userId) => void events.publish([userId], { kind: 'session-ended' }),
    invites: {
      recordPending: (userId, code) => recordPendingInvite(database.db, userId, code),
      applyPending: async (userId) => {
        const joined = await applyPendingInvite(database.db, userId);
        if (joined) await publishInviteFriendship(events, joined.inviterId, userId);
      },
    },
  });
  let storage: FileStorage;
  if (env.S3_BUCKET) {
    const s3 = createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      credentials:
        env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN }
          : undefined,
    });
    closers.push(() => Promise.resolve(s3.close()));
    storage = s3;
  } else {
    storage = createDatabaseStorage(database.db);
  }
  // Avatars of versions before ADR 027 lived on this instance's disk: move them where every instance sees them.
  await moveDiskUploads(path.resolve(env.DATA_DIR, 'uploads'), storage, logger).catch(
    withStartupMessage('cannot move DATA_DIR/uploads into file storage'),
  );
  const close = async () => {
    await mail.stop();
    await push.stop();
    streams.close();
    await events.close();
    for (const closer of closers) await closer();
    await database.close();
  };
  return { env, database, auth, mail, push, pushEndpoints, vapidPublicKey: vapid.publicKey, storage, events, streams, logger, close };
}
