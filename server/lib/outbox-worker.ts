import { sql } from 'drizzle-orm';
import type { Logger } from './logger.ts';

/** 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** The columns an outbox row gets when its delivery succeeded (attempts: the row's count before this one). */
export function deliveredColumns(attempts: number) {
  return { sentAt: sql`now()`, lockedUntil: null, attempts: attempts + 1 };
}

/**
 * The columns an outbox row gets when a delivery failed: the lease is released and the
 * next attempt waits retryDelaySeconds, or the row is given up after `maxAttempts`.
 * Times come from the database's clock, like the claim's.
 */
export function failedColumns(attempts: number, maxAttempts: number, message: string) {
  const next = attempts + 1;
  return {
    attempts: next,
    lastError: message.slice(0, 500),
    lockedUntil: null,
    nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(next)})`,
    failedAt: next >= maxAttempts ? sql`now()` : null,
  };
}

export type OutboxWorker = {
  /** Delivers everything due now; resolves when this pass is done. */
  drain: () => Promise<void>;
  /** Starts polling (and drains once at once); a stopped worker ignores wake-ups. */
  start: () => void;
  /** Asks for a pass if the worker runs; never throws. */
  wake: () => void;
  /** Stops polling and waits for the pass in flight. */
  stop: () => Promise<void>;
};

/**
 * The loop shared by the durable outboxes (mail, push): each pass claims due
 * rows with a lease (`claim` must use FOR UPDATE SKIP LOCKED and set
 * locked_until), delivers them side by side and records each outcome
 * (`deliver` never throws), until a batch comes back short. A poll timer
 * catches retries that come due and rows queued by other instances.
 */
export function createOutboxWorker<Row>(options: {
  name: string;
  batchSize: number;
  pollMs: number;
  claim: () => Promise<Row[]>;
  deliver: (row: Row) => Promise<void>;
  logger: Logger;
}): OutboxWorker {
  const { name, batchSize, pollMs, claim, deliver, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let requested = 0;
  let stopped = true;

  async function pass() {
    for (;;) {
      const batch = await claim();
      // Side by side: one slow recipient must not hold up the rest.
      await Promise.all(batch.map(deliver));
      if (batch.length < batchSize) return;
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
        logger.error({ err: error }, `${name} worker pass failed`);
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
    }, pollMs);
    timer.unref();
  }

  return {
    drain,
    start: () => {
      if (!stopped) return;
      stopped = false;
      void drain();
      schedule();
    },
    wake: () => {
      if (!stopped) void drain();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
