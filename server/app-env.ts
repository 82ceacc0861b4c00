import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { PushEndpointGuard } from './lib/push-endpoint-guard.ts';
import type { Auth, Session, SessionUser } from './features/auth/auth.service.ts';
import type { EventBus } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import type { StreamHub } from './lib/stream-hub.ts';
import type { MailWorker } from './lib/mail-outbox.ts';
import type { OutboxWorker } from './lib/outbox-worker.ts';
import type { FileStorage } from './lib/storage.ts';

/** Everything a request handler may reach, injected once by createApp. */
export type AppDeps = {
  env: Env;
  database: Database;
  auth: Auth;
  mail: MailWorker;
  /** Delivers queued Web Push messages. */
  push: OutboxWorker;
  /** Where pushes may go (ADR 051): checked on subscribing and on every delivery. */
  pushEndpoints: PushEndpointGuard;
  /** The VAPID key browsers subscribe with. */
  vapidPublicKey: string;
  storage: FileStorage;
  events: EventBus;
  /** This instance's open event streams: one heartbeat timer, batched session checks. */
  streams: StreamHub;
  logger: Logger;
  /** Stops the mail worker and closes every connection bootstrap opened (database last). */
  close: () => Promise<void>;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    // As getSession answers it: without the token (auth-hooks.ts).
    session: Omit<Session, 'token'> | null;
    /** The caller's address (the socket's, or a trusted proxy's header), for per-client limits. */
    clientIp: string;
  };
};
