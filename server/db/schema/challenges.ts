import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bets } from './bets.ts';

/**
 * An open challenge: a bet without an opponent yet, reachable by its link
 *. The one transaction that claims it (`taken_by`)
 * turns it into an ordinary bet, so `bet.opponent_id` stays NOT NULL.
 */
export const challenges = pgTable(
  'challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 128 random bits, base64url: the link's only secret. */
    code: text('code').notNull().unique(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    takenBy: text('taken_by').references(() => users.id, { onDelete: 'cascade' }),
    // Set null: a voided bet is deleted, the challenge stays taken.
    betId: uuid('bet_id').references(() => bets.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('challenge_description_length', sql`char_length(${table.description}) between 1 and 280`),
    check('challenge_amount_range', sql`${table.amount} between 1 and 10000`),
    check(
      'challenge_not_taken_by_creator',
      sql`${table.takenBy} is null or ${table.takenBy} <> ${table.creatorId}`,
    ),
    check('challenge_taken_or_cancelled', sql`${table.takenBy} is null or ${table.cancelledAt} is null`),
    // The creator's profile lists their open challenges.
    index('challenge_creator_open_idx')
      .on(table.creatorId, table.createdAt)
      .where(sql`${table.takenBy} is null and ${table.cancelledAt} is null`),
  ],
);

/** A visitor who declined a challenge no longer sees it; the link stays open for others. */
export const challengeDeclines = pgTable(
  'challenge_decline',
  {
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.challengeId, table.userId] })],
);
