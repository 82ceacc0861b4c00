import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Logger } from './logger.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export const MAX_MAIL_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const LOCK_SECONDS = 60;
const POLL_MS = 15_000;

/** 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

export type MailWorker = {
  /** Queues a message and wakes the worker. */
  send(message: MailMessage): Promise<void>;
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let requested = 0;
  let stopped = true;

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
      .orderBy(asc(mailOutbox.nextAttemptAt))
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
      await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db.update(mailOutbox).set({ sentAt: sql`now()`, lockedUntil: null, attempts: row.attempts + 1 }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ mailId: row.id, attempts, giveUp, err: message }, 'mail delivery failed');
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          lockedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          failedAt: giveUp ? sql`now()` : null,
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  async function pass() {
    for (;;) {
      const batch = await claimBatch();
      // Side by side: the transport keeps a few connections, and one slow recipient must not hold up the rest.
      await Promise.all(batch.map(deliver));
      if (batch.length < BATCH_SIZE) return;
    }
  }

  function drain(): Promise<void> {
    requested += 1;
    if (running) return running;
    running = (async () => {
      try {
        // Callers that ask while a pass runs get one more pass after it.
        let handled = -1;
        while (handled !== requested) {
          handled = requested;
          await pass();
        }
      } catch (error) {
        logger.error({ err: error }, 'mail worker pass failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, POLL_MS);
    timer.unref();
  }

  return {
    send: async (message) => {
      await enqueueMail(db, message);
      if (!stopped) void drain();
    },
    drain,
    start: () => {
      if (!stopped) return;
      stopped = false;
      void drain();
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
