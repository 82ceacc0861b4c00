import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COUNTER_NOTE_MAX } from '#domain/bet-stakes.ts';
import { users } from './auth.ts';
import { bets } from './bets.ts';

/** Each counter-offer on a pending bet, oldest first on the bet page (ADR 062). */
export const betCounters = pgTable(
  'bet_counter',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    betId: uuid('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    byId: text('by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorStake: integer('creator_stake').notNull(),
    opponentStake: integer('opponent_stake').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'bet_counter_stakes_range',
      sql`${table.creatorStake} between 1 and 10000 and ${table.opponentStake} between 1 and 10000`,
    ),
    check(
      'bet_counter_note_length',
      sql`char_length(${table.note}) between 1 and ${sql.raw(String(COUNTER_NOTE_MAX))}`,
    ),
    index('bet_counter_bet_idx').on(table.betId, table.createdAt),
  ],
);
