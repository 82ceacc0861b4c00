import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bets } from './bets.ts';

/** Likes are stored per user (ADR 012): the count is the number of rows. */
export const betLikes = pgTable(
  'bet_like',
  {
    betId: uuid('bet_id')
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.betId, table.userId] }), index('bet_like_user_idx').on(table.userId)],
);
