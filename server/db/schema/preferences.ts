import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { deliveryChannels, notificationCategories } from '#domain/notification-preferences.ts';
import { users } from './auth.ts';

/**
 * A user's switches for delivery outside the app. Only switches the
 * user changed are stored; a missing row means the default of
 * domain/notification-preferences.ts, read through preferenceEnabledSql.
 */
export const notificationPreferences = pgTable(
  'notification_preference',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: notificationCategories }).notNull(),
    channel: text('channel', { enum: deliveryChannels }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category, table.channel] })],
);
