import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  breakDurationHours,
  fitsLimit,
  LIMIT_RAISE_DELAY_HOURS,
  limitMessages,
  type Limits,
  type StartBreakInput,
  type UpdateLossLimitInput,
} from '#domain/limits.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { userLimits } from '#server/db/schema/limits.ts';
import { queryOne } from '#server/db/query.ts';
import { AppError } from '#server/lib/errors.ts';
import { committedSql } from './limits.sql.ts';

type LimitRow = typeof userLimits.$inferSelect;

/** The row with a due raise or removal folded in (it applies lazily, ADR 029). */
function effective(row: LimitRow, now: Date): LimitRow {
  if (row.scheduledAt === null || row.scheduledAt > now) return row;
  return { ...row, weeklyLossLimit: row.scheduledLimit, scheduledLimit: null, scheduledAt: null };
}

const nowRow = z.object({ now: z.union([z.string(), z.date()]).transform((value) => new Date(value)) });
const committedRow = z.object({ committed: z.coerce.number() });

/** The database's clock: the one every stored time and `now()` in SQL use. */
async function dbNow(db: Db): Promise<Date> {
  const row = await queryOne(db, sql`select now() as now`, nowRow);
  if (!row) throw new AppError('INTERNAL');
  return row.now;
}

async function committedOf(db: Db, userId: string): Promise<number> {
  const row = await queryOne(db, sql`select ${committedSql(userId)} as committed`, committedRow);
  return row?.committed ?? 0;
}

function toView(row: LimitRow | undefined, committed: number, now: Date): Limits {
  const current = row ? effective(row, now) : undefined;
  return {
    weeklyLossLimit: current?.weeklyLossLimit ?? null,
    scheduled: current?.scheduledAt
      ? { weeklyLossLimit: current.scheduledLimit, appliesAt: current.scheduledAt.toISOString() }
      : null,
    committed,
    breakUntil: current?.breakUntil && current.breakUntil > now ? current.breakUntil.toISOString() : null,
  };
}

export async function getLimits(db: Db, userId: string): Promise<Limits> {
  const [row] = await db.select().from(userLimits).where(eq(userLimits.userId, userId));
  return toView(row, await committedOf(db, userId), await dbNow(db));
}

/** Creates the user's row if missing and locks it until the transaction ends. */
async function lockRow(tx: Db, userId: string): Promise<LimitRow> {
  // insert … select: a user deleted meanwhile gets no row (and the caller's next step fails cleanly).
  await tx
    .insert(userLimits)
    .select(
      tx
        .select({
          userId: users.id,
          weeklyLossLimit: sql<null>`null::integer`.as('weekly_loss_limit'),
          scheduledLimit: sql<null>`null::integer`.as('scheduled_limit'),
          scheduledAt: sql<null>`null::timestamptz`.as('scheduled_at'),
          breakUntil: sql<null>`null::timestamptz`.as('break_until'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoNothing();
  const [row] = await tx.select().from(userLimits).where(eq(userLimits.userId, userId)).for('update');
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

/**
 * Saves the weekly loss limit. A first limit, a lower one (or the same) takes
 * effect at once and drops any waiting raise; a higher one or a removal waits
 * 24 hours behind the limit in force. Asking again for the raise already
 * waiting keeps its time, so saving twice does not push it back.
 */
export async function updateLossLimit(db: Db, userId: string, input: UpdateLossLimitInput): Promise<Limits> {
  const wanted = input.weeklyLossLimit;
  await db.transaction(async (tx) => {
    const now = await dbNow(tx);
    const row = effective(await lockRow(tx, userId), now);
    const current = row.weeklyLossLimit;
    const tightens = current === null ? wanted !== null : wanted !== null && wanted <= current;
    if (tightens || (current === null && wanted === null)) {
      await tx
        .update(userLimits)
        .set({ weeklyLossLimit: wanted, scheduledLimit: null, scheduledAt: null, updatedAt: sql`now()` })
        .where(eq(userLimits.userId, userId));
      return;
    }
    const sameWait = row.scheduledAt !== null && row.scheduledLimit === wanted;
    await tx
      .update(userLimits)
      .set({
        weeklyLossLimit: current,
        scheduledLimit: wanted,
        scheduledAt: sameWait ? row.scheduledAt : sql`now() + make_interval(hours => ${LIMIT_RAISE_DELAY_HOURS})`,
        updatedAt: sql`now()`,
      })
      .where(eq(userLimits.userId, userId));
  });
  return getLimits(db, userId);
}

/** Starts (or lengthens) a break; a shorter choice never ends one early. */
export async function startBreak(db: Db, userId: string, input: StartBreakInput): Promise<Limits> {
  const hours = breakDurationHours[input.duration];
  await db.transaction(async (tx) => {
    await lockRow(tx, userId);
    await tx
      .update(userLimits)
      .set({
        breakUntil: sql`greatest(coalesce(${userLimits.breakUntil}, now()), now() + make_interval(hours => ${hours}))`,
        updatedAt: sql`now()`,
      })
      .where(eq(userLimits.userId, userId));
  });
  return getLimits(db, userId);
}

/**
 * The guard of every statement that makes the user party to a new bet
 * (place, accept, take a challenge, make a challenge link): call it first in
 * that transaction. It locks the user's limit row, so a concurrent bet of the
 * same user waits here and then sums with the first one's stake included
 * (each statement of a READ COMMITTED transaction sees what committed before
 * it). A user without a row has no limit and no break: nothing to lock.
 */
export async function assertMayBet(tx: Db, userId: string, amount: number): Promise<void> {
  const [found] = await tx.select().from(userLimits).where(eq(userLimits.userId, userId)).for('update');
  if (!found) return;
  const now = await dbNow(tx);
  const row = effective(found, now);
  if (row.breakUntil && row.breakUntil > now) {
    throw new AppError('FORBIDDEN', limitMessages.onBreak(row.breakUntil.toISOString(), 'utc'));
  }
  if (row.weeklyLossLimit === null) return;
  const committed = await committedOf(tx, userId);
  if (!fitsLimit(row.weeklyLossLimit, committed, amount)) {
    throw new AppError('LIMIT_REACHED', limitMessages.exceeds(row.weeklyLossLimit));
  }
}
