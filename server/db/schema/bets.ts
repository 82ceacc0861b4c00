import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * CHECK constraints make illegal states unrepresentable: parties differ, the
 * winner and void requester are parties, a winner exists iff completed, and
 * payment flags only move on completed bets, confirmed only after sent.
 */
export const bets = pgTable(
  'bet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opponentId: text('opponent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'active', 'completed'] }).notNull().default('pending'),
    winnerId: text('winner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The opponent's prediction, stored as a comment (foreign key added in SQL: the tables reference each other). */
    acceptanceCommentId: uuid('acceptance_comment_id'),
    voidRequestedBy: text('void_requested_by').references(() => users.id, { onDelete: 'cascade' }),
    paymentSent: boolean('payment_sent').notNull().default(false),
    paymentConfirmed: boolean('payment_confirmed').notNull().default(false),
    // Millisecond precision, so a keyset cursor built from a JS Date matches the stored value exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('bet_parties_differ', sql`${table.createdBy} <> ${table.opponentId}`),
    check('bet_status', sql`${table.status} in ('pending', 'active', 'completed')`),
    check('bet_description_length', sql`char_length(${table.description}) between 1 and 280`),
    check('bet_amount_range', sql`${table.amount} between 1 and 10000`),
    check(
      'bet_winner_is_party',
      sql`${table.winnerId} is null or ${table.winnerId} in (${table.createdBy}, ${table.opponentId})`,
    ),
    check(
      'bet_void_requester_is_party',
      sql`${table.voidRequestedBy} is null or ${table.voidRequestedBy} in (${table.createdBy}, ${table.opponentId})`,
    ),
    check('bet_void_only_active', sql`${table.voidRequestedBy} is null or ${table.status} = 'active'`),
    check(
      'bet_winner_iff_completed',
      sql`(${table.status} = 'completed') = (${table.winnerId} is not null and ${table.completedAt} is not null)`,
    ),
    check(
      'bet_payment_only_completed',
      sql`${table.status} = 'completed' or not (${table.paymentSent} or ${table.paymentConfirmed})`,
    ),
    check('bet_confirmed_implies_sent', sql`not ${table.paymentConfirmed} or ${table.paymentSent}`),
    // NULLS FIRST matches a plain ORDER BY … DESC, so lists read these indexes in order without a sort.
    index('bet_creator_idx').on(table.createdBy, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bet_opponent_idx').on(table.opponentId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bet_completed_idx').on(table.completedAt).where(sql`${table.status} = 'completed'`),
    // The weekly leaderboard counts each person's recent wins.
    index('bet_winner_recent_idx').on(table.winnerId, table.completedAt).where(sql`${table.status} = 'completed'`),
    // The red dot's "pending action" and the profile sections read open bets per party.
    index('bet_creator_open_idx').on(table.createdBy).where(sql`not ${table.paymentConfirmed}`),
    index('bet_opponent_open_idx').on(table.opponentId).where(sql`not ${table.paymentConfirmed}`),
  ],
);
