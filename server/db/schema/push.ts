import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deliveryColumns } from './delivery.ts';
import { notifications } from './notifications.ts';

/**
 * One browser (device) that accepted Web Push for a user. The endpoint is the
 * push service's URL for that browser: unique, so subscribing again from the
 * same browser (or after another user signed in there) moves the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the push service accepted a message for it. */
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  },
  (table) => [index('push_subscription_user_idx').on(table.userId)],
);

/**
 * Pushes waiting for delivery, one per inbox line and device, queued in the
 * transaction that writes the line. The payload is composed when it is sent
 * (from the line and its actor), so the row stays small. A deleted
 * subscription or line takes its pending pushes with it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    ...deliveryColumns(),
  },
  (table) => [
    unique('push_outbox_once').on(table.notificationId, table.subscriptionId),
    index('push_outbox_subscription_idx').on(table.subscriptionId),
    index('push_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
