import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import type { Logger } from '#server/lib/logger.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import { createPeriodicJob, type PeriodicJob } from '#server/lib/periodic-job.ts';

const INTERVAL_MS = 10 * 60 * 1000;
const BATCH_SIZE = 500;

const dueRow = z.object({ id: z.string(), created_by: z.string(), opponent_id: z.string(), description: z.string(), amount: z.number() });

/**
 * One pass: marks a batch of active bets whose 'Resolve by' date has passed
 * and were not reminded yet, and writes both parties' 'Time to resolve' line
 * in the same transaction. The marking statement takes its rows with
 * FOR UPDATE SKIP LOCKED and re-checks `overdue_notified_at is null`, so
 * passes on several instances never remind about the same bet twice.
 * Returns how many bets were reminded.
 */
export async function runOverduePass(
  db: Db,
  publish: (userIds: string[], event: ChangeEvent) => Promise<void>,
  batchSize: number = BATCH_SIZE,
): Promise<number> {
  const marked = await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`
        with picked as materialized (
          select id from bet
          where status = 'active' and resolve_by is not null and overdue_notified_at is null and resolve_by < current_date
          order by resolve_by
          limit ${batchSize}
          for update skip locked)
        update bet set overdue_notified_at = now()
        from picked
        where bet.id = picked.id and bet.overdue_notified_at is null
        returning bet.id, bet.created_by, bet.opponent_id, bet.description, bet.amount`,
      dueRow,
    );
    const notified = await writeNotifications(
      tx,
      rows.flatMap((bet) =>
        [bet.created_by, bet.opponent_id].map((userId) => ({
          userId,
          type: 'bet_overdue' as const,
          actorId: null,
          betId: bet.id,
          data: betSnapshot(bet),
        })),
      ),
    );
    return { rows, notified };
  });
  if (marked.notified.length > 0) await publish(marked.notified, { kind: 'notifications' });
  return marked.rows.length;
}

export type OverdueJob = PeriodicJob;

/** Runs a pass now and every ten minutes; the timer never keeps the process alive. */
export function createOverdueJob(deps: {
  db: Db;
  publish: (userIds: string[], event: ChangeEvent) => Promise<void>;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}): OverdueJob {
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  return createPeriodicJob({
    runPass: () => runOverduePass(deps.db, deps.publish, batchSize),
    batchSize,
    intervalMs: deps.intervalMs ?? INTERVAL_MS,
    logger: deps.logger,
    failureMessage: 'overdue reminder pass failed',
  });
}
