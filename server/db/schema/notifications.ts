import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationTypes, type NotificationData } from '#domain/notifications.ts';
import { users } from './auth.ts';
import { bets } from './bets.ts';

/**
 * The activity log: one row per recipient and event, written in the same
 * transaction as the change that causes it.
 */
export const notifications = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    // Set null, not cascade: 'declined your bet' must outlive the declined (deleted) bet.
    betId: uuid('bet_id').references(() => bets.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Description/amount snapshot (see domain/notifications.ts). */
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    // Millisecond precision, so a keyset cursor built from a JS Date matches the stored value exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('notification_type', sql.raw(`type in (${notificationTypes.map((type) => `'${type}'`).join(', ')})`)),
    index('notification_unread_idx').on(table.userId).where(sql`not ${table.isRead}`),
    // The inbox page: newest first per recipient, read in index order without a sort.
    index('notification_inbox_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);
