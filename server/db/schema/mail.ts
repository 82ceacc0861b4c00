import { sql } from 'drizzle-orm';
import { notificationCategories } from '#domain/notification-preferences.ts';
import { users } from './auth.ts';
import { deliveryColumns } from './delivery.ts';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing mail waits here until a worker delivers it, so an SMTP outage
 * delays mail instead of losing it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on notification mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Claim order: 0 account mail (sign-up, reset) before 1 notification mail, so a burst never delays a sign-up. */
    priority: smallint('priority').notNull().default(0),
    ...deliveryColumns(),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.priority, table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * At most one notification mail per recipient and category per window
 *: one conditional upsert per event decides "send now" or "hold",
 * so two events at once can never both send. `held` counts what waits for the
 * next mail; `released` is how many the last sent mail summed up.
 */
export const mailThrottle = pgTable(
  'mail_throttle',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: notificationCategories }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    held: integer('held').notNull().default(0),
    released: integer('released').notNull().default(0),
    /** Whether the statement that last touched the row decided to send. */
    sending: boolean('sending').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    index('mail_throttle_held_idx').on(table.lastSentAt).where(sql`${table.held} > 0`),
  ],
);
