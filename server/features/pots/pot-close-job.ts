import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChangeEvent } from '#domain/realtime.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import type { Logger } from '#server/lib/logger.ts';
import { writeNotifications } from '#server/lib/notify.ts';
import { createPeriodicJob, type PeriodicJob } from '#server/lib/periodic-job.ts';
import { peopleOf } from './pots.service.ts';

/** A minute: the closing time is a user's promise, and a pass over the partial index costs next to nothing. */
const INTERVAL_MS = 60 * 1000;
const BATCH_SIZE = 500;

export type Publish = (userIds: string[], event: ChangeEvent) => Promise<void>;

const closedRow = z.object({
  id: z.string(),
  creator_id: z.string(),
  question: z.string(),
  stake: z.number(),
  not_enough: z.boolean(),
});

/**
 * One pass over pots whose entries closed by time (`closes_at` passed, nobody pressed 'Close Entries'),
 * ADR 060. A pot with fewer than two entrants ends there, every stake returned ('Not enough entrants — stakes
 * returned'), and its creator and entrants are told; the others are stored as awaiting their result, as
 * 'Close Entries' would. The batch is claimed with FOR UPDATE SKIP LOCKED (as the reminders are), so passes
 * on several instances never end one pot twice; the entrants are counted by a second statement, after the
 * lock is held, so a join that committed just before the closing time is counted (a later one waits for the
 * lock, then finds entries closed). Returns how many pots it claimed.
 */
export async function runPotClosePass(db: Db, publish: Publish, batchSize: number = BATCH_SIZE): Promise<number> {
  const done = await db.transaction(async (tx) => {
    const claimed = await queryRows(
      tx,
      sql`select p.id from pot p
        where p.status = 'open' and p.closes_at is not null and p.closes_at <= now()
        order by p.closes_at
        limit ${batchSize}
        for update skip locked`,
      z.object({ id: z.string() }),
    );
    if (claimed.length === 0) return { rows: [], notified: [] };
    const ids = sql.join(
      claimed.map((row) => sql`${row.id}::uuid`),
      sql`, `,
    );
    const rows = await queryRows(
      tx,
      sql`with counted as (
          select p.id, (select count(*) from pot_entry e where e.pot_id = p.id) < 2 as not_enough
          from pot p where p.id in (${ids}) and p.status = 'open')
        update pot p set
          status = case when c.not_enough then 'decided' else 'awaiting' end,
          outcome = case when c.not_enough then 'not_enough' end,
          decided_at = case when c.not_enough then now() end,
          closed_at = coalesce(p.closed_at, p.closes_at)
        from counted c
        where p.id = c.id
        returning p.id, p.creator_id, p.question, p.stake, c.not_enough`,
      closedRow,
    );
    const ended = rows.filter((row) => row.not_enough);
    if (ended.length === 0) return { rows, notified: [] };
    const endedIds = sql.join(
      ended.map((row) => sql`${row.id}::uuid`),
      sql`, `,
    );
    // Every stake comes back: each entry's payout is its stake, and there is no payment.
    const entrants = await queryRows(
      tx,
      sql`update pot_entry e set payout = p.stake from pot p
        where p.id = e.pot_id and e.pot_id in (${endedIds})
        returning e.pot_id, e.user_id`,
      z.object({ pot_id: z.string(), user_id: z.string() }),
    );
    const notified = await writeNotifications(
      tx,
      ended.flatMap((pot) =>
        [...new Set([pot.creator_id, ...entrants.filter((e) => e.pot_id === pot.id).map((e) => e.user_id)])].map(
          (userId) => ({
            userId,
            type: 'pot_not_enough' as const,
            actorId: null,
            betId: null,
            data: { description: pot.question, amount: pot.stake, potId: pot.id },
          }),
        ),
      ),
    );
    return { rows, notified };
  });
  for (const pot of done.rows) await publish(await peopleOf(db, pot.id), { kind: 'pots' });
  if (done.notified.length > 0) await publish(done.notified, { kind: 'notifications' });
  return done.rows.length;
}

/** Runs a pass now and every minute; the timer never keeps the process alive. */
export function createPotCloseJob(deps: {
  db: Db;
  publish: Publish;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}): PeriodicJob {
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  return createPeriodicJob({
    runPass: () => runPotClosePass(deps.db, deps.publish, batchSize),
    batchSize,
    intervalMs: deps.intervalMs ?? INTERVAL_MS,
    logger: deps.logger,
    failureMessage: 'pot closing pass failed',
  });
}
