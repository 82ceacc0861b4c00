import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTO_REMINDER_EVERY_DAYS, AUTO_REMINDER_FIRST_DAYS, AUTO_REMINDER_MAX } from '#domain/reminders.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import type { Logger } from '#server/lib/logger.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import { reminderAllowed } from '#server/lib/reminders.sql.ts';
import { loserStake } from '#server/lib/stakes.sql.ts';
import { createPeriodicJob, type PeriodicJob } from '#server/lib/periodic-job.ts';

const INTERVAL_MS = 10 * 60 * 1000;
const BATCH_SIZE = 500;

const FIRST = sql.raw(`interval '${AUTO_REMINDER_FIRST_DAYS} days'`);
const EVERY = sql.raw(`interval '${AUTO_REMINDER_EVERY_DAYS} days'`);
const MAX = sql.raw(String(AUTO_REMINDER_MAX));

/**
 * An unpaid bet whose next automatic reminder is due (the rule of
 * nextAutoReminderAt in domain/reminders.ts): the first 3 days after it was
 * resolved, each further one 7 days after its last reminder of any kind, at
 * most 3, and never within 24 hours of a reminder the winner sent.
 * `completed_at <= now() - 3 days` holds for every due bet and lets the
 * partial index bet_reminder_due_idx bound the scan.
 */
const isDue = sql`b.status = 'completed' and not b.payment_sent and b.auto_reminders_sent < ${MAX}
  and b.completed_at <= now() - ${FIRST}
  and ${reminderAllowed(sql.raw('b.last_reminded_at'))}
  and (b.auto_reminders_sent = 0 or b.last_reminded_at <= now() - ${EVERY})`;

const sentRow = z.object({
  id: z.string(),
  winner_id: z.string(),
  created_by: z.string(),
  opponent_id: z.string(),
  description: z.string(),
  amount: z.number(),
});

export type Publish = (userIds: string[], event: ChangeEvent) => Promise<void>;

/**
 * One pass: stamps a batch of due bets and writes each loser's reminder line
 * in the same transaction. The batch is claimed with FOR UPDATE SKIP LOCKED
 * and the UPDATE re-checks the rule, so passes on several instances at once
 * never remind about one bet twice. Returns how many reminders went out.
 */
export async function runReminderPass(db: Db, publish: Publish, batchSize: number = BATCH_SIZE): Promise<number> {
  const sent = await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`
        with picked as materialized (
          select b.id from bet b
          where ${isDue}
          order by b.completed_at
          limit ${batchSize}
          for update skip locked)
        update bet b set last_reminded_at = now(), auto_reminders_sent = b.auto_reminders_sent + 1
        from picked
        where b.id = picked.id and ${isDue}
        returning b.id, b.winner_id, b.created_by, b.opponent_id, b.description, ${loserStake('b')} as amount`,
      sentRow,
    );
    const notified = await writeNotifications(
      tx,
      rows.map((bet) => ({
        userId: bet.winner_id === bet.created_by ? bet.opponent_id : bet.created_by,
        type: 'payment_reminder_auto' as const,
        // The line names whom the money is owed to; its sentence does not say they sent it.
        actorId: bet.winner_id,
        betId: bet.id,
        data: betSnapshot(bet),
      })),
    );
    return { rows, notified };
  });
  if (sent.rows.length > 0) {
    // The winners' cards now read 'Reminder sent'.
    await publish([...new Set(sent.rows.map((bet) => bet.winner_id))], { kind: 'bets' });
    await publish(sent.notified, { kind: 'notifications' });
  }
  return sent.rows.length;
}

export type ReminderJob = PeriodicJob;

/** Runs a pass now and every ten minutes; the timer never keeps the process alive. */
export function createReminderJob(deps: { db: Db; publish: Publish; logger: Logger; intervalMs?: number; batchSize?: number }): ReminderJob {
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  return createPeriodicJob({
    runPass: () => runReminderPass(deps.db, deps.publish, batchSize),
    batchSize,
    intervalMs: deps.intervalMs ?? INTERVAL_MS,
    logger: deps.logger,
    failureMessage: 'payment reminder pass failed',
  });
}
