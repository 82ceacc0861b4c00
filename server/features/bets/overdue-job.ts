import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import type { ChangeEvent } from '../../../domain/realtime.ts';
import type { Logger } from '../../lib/logger.ts';
import { betSnapshot, writeNotifications } from '../notifications/notify.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';

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
export async function runOverduePass(db: Db, publish: (userIds: string[], event: ChangeEvent) => Promise<void>): Promise<number> {
  const marked = await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`
        update bet set overdue_notified_at = now()
        where id in (
          select id from bet
          where status = 'active' and resolve_by is not null and overdue_notified_at is null and resolve_by < current_date
          order by resolve_by
          limit ${BATCH_SIZE}
          for update skip locked)
        and overdue_notified_at is null
        returning id, created_by, opponent_id, description, amount`,
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
}): OverdueJob {
  return createPeriodicJob({
    runPass: () => runOverduePass(deps.db, deps.publish),
    batchSize: BATCH_SIZE,
    intervalMs: deps.intervalMs ?? INTERVAL_MS,
    logger: deps.logger,
    failureMessage: 'overdue reminder pass failed',
  });
}
