import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bets } from './bets.ts';

export const notifications = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['bet_accepted', 'bet_completed', 'payment_marked', 'payment_confirmed'] }).notNull(),
    betId: uuid('bet_id').references(() => bets.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'notification_type',
      sql`${table.type} in ('bet_accepted', 'bet_completed', 'payment_marked', 'payment_confirmed')`,
    ),
    index('notification_unread_idx').on(table.userId).where(sql`not ${table.isRead}`),
  ],
);
