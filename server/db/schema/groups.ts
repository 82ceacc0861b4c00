import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GROUP_NAME_MAX } from '#domain/groups.ts';
import { users } from './auth.ts';

/**
 * A standing crew (ADR 063). `crew_group`, not `group`: GROUP is a reserved word in SQL. The invite code is
 * random (128 bits) and replaced on 'Reset Link', so the old link dies at once.
 */
export const groups = pgTable(
  'crew_group',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteCode: text('invite_code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'crew_group_name_length',
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(GROUP_NAME_MAX))}`,
    ),
  ],
);

/** One row per member; `joined_at` orders the owner hand-over (longest-standing first). */
export const groupMembers = pgTable(
  'group_member',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_member_user_idx').on(table.userId),
  ],
);
