import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const friendRequests = pgTable(
  'friend_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedId: text('requested_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('friend_request_not_self', sql`${table.requesterId} <> ${table.requestedId}`),
    check('friend_request_status', sql`${table.status} in ('pending', 'accepted')`),
    // At most one pending request per unordered pair, whoever sent it.
    uniqueIndex('friend_request_one_pending_per_pair')
      .on(sql`least(${table.requesterId}, ${table.requestedId})`, sql`greatest(${table.requesterId}, ${table.requestedId})`)
      .where(sql`${table.status} = 'pending'`),
    index('friend_request_incoming_idx').on(table.requestedId, table.createdAt).where(sql`${table.status} = 'pending'`),
    index('friend_request_outgoing_idx').on(table.requesterId).where(sql`${table.status} = 'pending'`),
  ],
);

/** A friendship is two mirrored rows, written and removed together in one transaction. */
export const friendships = pgTable(
  'friendship',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * The friend as lists show them (name, username as typed, photo), copied from `user` by database
     * triggers (migration 0019, ADR 043): set on every insert from the friend's row, rewritten when the
     * friend changes them. Whatever a writer passes here is overwritten.
     */
    friendName: text('friend_name').notNull().default(''),
    friendUsername: text('friend_username').notNull().default(''),
    friendImage: text('friend_image'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.friendId] }),
    check('friendship_not_self', sql`${table.userId} <> ${table.friendId}`),
    index('friendship_friend_id_idx').on(table.friendId),
    // A page of someone's friends by name is one index-only range scan (ADR 043).
    index('friendship_by_name_idx').on(table.userId, table.friendName, table.friendId, table.friendUsername, table.friendImage),
  ],
);
