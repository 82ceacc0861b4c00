import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Logger } from './logger.ts';
import { createOutboxWorker, deliveredColumns, failedColumns, retryDelaySeconds } from './outbox-worker.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export const MAX_MAIL_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const LOCK_SECONDS = 60;
const POLL_MS = 15_000;

export { retryDelaySeconds };

/** Claim order: account mail (the default) before notification mail. */
export const MAIL_PRIORITY = { account: 0, notification: 1 } as const;

export async function enqueueMail(db: Db, message: MailMessage, priority: number = MAIL_PRIORITY.account): Promise<void> {
  await db.insert(mailOutbox).values({ ...message, priority });
}

export type MailWorker = {
  /** Queues a message and wakes the worker. */
  send(message: MailMessage): Promise<void>;
  /** Starts a pass now (when running) for mail another transaction queued. */
  wake(): void;
  /** Delivers everything due now; resolves when this pass is done. */
  drain(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * Delivers the outbox. Each pass claims due rows with a lease (locked_until),
 * so several instances never send the same message twice at once.
 */
export function createMailWorker(deps: { db: Db; transport: MailTransport; logger: Logger }): MailWorker {
  const { db, transport, logger } = deps;
  async function claimBatch() {
    // Due times are compared with the database's clock: a JavaScript Date has
    // millisecond precision (a row written this millisecond looked "not yet
    // due" and waited for the next poll) and another host's clock may lag.
    const now = sql`now()`;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.priority), asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
      .where(sql`${mailOutbox.id} in (${due})`)
      .returning();
  }

  async function deliver(row: Awaited<ReturnType<typeof claimBatch>>[number]) {
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, ...(row.headers ? { headers: row.headers } : {}) });
      await db.update(mailOutbox).set(deliveredColumns(row.attempts)).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const failed = failedColumns(row.attempts, MAX_MAIL_ATTEMPTS, error instanceof Error ? error.message : String(error));
      logger.warn({ mailId: row.id, attempts: failed.attempts, giveUp: failed.failedAt !== null, err: failed.lastError }, 'mail delivery failed');
      await db.update(mailOutbox).set(failed).where(eq(mailOutbox.id, row.id));
    }
  }

  // The transport keeps a few connections, so a batch is delivered side by side.
  const worker = createOutboxWorker({ name: 'mail', batchSize: BATCH_SIZE, pollMs: POLL_MS, claim: claimBatch, deliver, logger });
  return {
    send: async (message) => {
      await enqueueMail(db, message);
      worker.wake();
    },
    wake: worker.wake,
    drain: worker.drain,
    start: worker.start,
    stop: worker.stop,
  };
}
