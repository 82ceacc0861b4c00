import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The delivery state every outbox row carries (mail, push): a worker claims due rows by
 * `next_attempt_at` under a `locked_until` lease (FOR UPDATE SKIP LOCKED), then marks them sent or,
 * after the last attempt, failed. Fresh builders per table.
 */
export function deliveryColumns() {
  return {
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
