import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { groupRounds } from './groups.ts';

/**
 * One settle-up payment: the net debtor paid the net of
 * every completed, unpaid bet between the pair in one Venmo payment. The bets
 * it covers point at it (`bet.settlement_id`). History: never updated except
 * for `confirmed_at`, and gone only with one of its users.
 */
export const settlements = pgTable(
  'settlement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerId: text('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeId: text('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The net paid, in whole dollars. */
    amount: integer('amount').notNull(),
    betCount: integer('bet_count').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * A group's simplified payment (ADR 064): it covers, with the round's other settlements, the pot payments
     * pointing at the round; `bet_count` is how many those are.
     */
    groupRoundId: uuid('group_round_id').references(() => groupRounds.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('settlement_parties_differ', sql`${table.payerId} <> ${table.payeeId}`),
    check('settlement_amount_positive', sql`${table.amount} > 0`),
    check('settlement_bet_count_positive', sql`${table.betCount} > 0`),
    // The payee's pending confirmations ('Waiting on You', the balance screen).
    index('settlement_payee_open_idx').on(table.payeeId, table.payerId).where(sql`${table.confirmedAt} is null`),
    index('settlement_payer_idx').on(table.payerId),
    // One settlement per simplified payment of a round (a payer pays a payee once in a plan).
    uniqueIndex('settlement_group_round_idx')
      .on(table.groupRoundId, table.payerId, table.payeeId)
      .where(sql`${table.groupRoundId} is not null`),
  ],
);
