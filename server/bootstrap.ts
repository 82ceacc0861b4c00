import type { AppDeps } from './app-env.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';
import { applyPendingInvite, publishInviteFriendship, recordPendingInvite } from './features/invites/invites.service.ts';
import { createAuth } from './lib/auth.ts';
import { createEventBus } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import { createMailWorker } from './lib/mail-outbox.ts';
import { createLogTransport, createSmtpTransport, type MailTransport } from './lib/mail-transport.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { createDiskStorage } from './lib/storage.ts';
import path from 'node:path';

/** Opens the database (migrating it) and wires every dependency from the environment. */
export async function bootstrap(env: Env, logger: Logger, overrides: { transport?: MailTransport; database?: Database } = {}): Promise<AppDeps> {
  const database =
    overrides.database ??
    (await (env.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, logger })
      : openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })));
  const transport =
    overrides.transport ?? (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : createLogTransport(logger));
  const mail = createMailWorker({ db: database.db, transport, logger });
  const events = await createEventBus(database, logger);
  const auth = createAuth({
    db: database.db,
    publicUrl: env.PUBLIC_URL,
    secret: resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR),
    mail,
    logger,
    onSessionEnded: (userId) => void events.publish([userId], { kind: 'session-ended' }),
    invites: {
      recordPending: (userId, code) => recordPendingInvite(database.db, userId, code),
      applyPending: async (userId) => {
        const joined = await applyPendingInvite(database.db, userId);
        if (joined) await publishInviteFriendship(events, joined.inviterId, userId);
      },
    },
  });
  const storage = createDiskStorage(path.resolve(env.DATA_DIR, 'uploads'));
  return { env, database, auth, mail, storage, events, logger };
}
