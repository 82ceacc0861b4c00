import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A user's self-set limits (ADR 029). No row: no limit,
 * no break. Every bet-making transaction locks this row (`FOR UPDATE`) before
 * it sums the user's commitments, so two concurrent bets cannot both slip
 * under the limit. A raise or removal waits in `scheduled_*` until
 * `scheduled_at`; it is applied lazily, by whoever reads the row after that.
 */
export const userLimits = pgTable(
  'user_limit',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    weeklyLossLimit: integer('weekly_loss_limit'),
    /** The raised limit (null with `scheduled_at` set: the limit is being removed). */
    scheduledLimit: integer('scheduled_limit'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    breakUntil: timestamp('break_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_limit_positive', sql`${table.weeklyLossLimit} is null or ${table.weeklyLossLimit} >= 1`),
    check('user_limit_scheduled_positive', sql`${table.scheduledLimit} is null or ${table.scheduledLimit} >= 1`),
    check('user_limit_scheduled_needs_time', sql`${table.scheduledLimit} is null or ${table.scheduledAt} is not null`),
    // Only a raise or a removal waits, so there is always a limit in force while one does.
    check('user_limit_scheduled_needs_limit', sql`${table.scheduledAt} is null or ${table.weeklyLossLimit} is not null`),
  ],
);
