import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Each user's personal invite code: random, at least 96 bits,
 * never derived from the username. Resetting replaces the code, so the old one is dead.
 */
export const inviteCodes = pgTable('invite_code', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The invite a new account signed up with, kept with the account until its email is
 * verified (the friendship is made then), so it survives the verification round trip
 * in any browser.
 */
export const pendingInvites = pgTable('pending_invite', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
