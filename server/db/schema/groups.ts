import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SimplifiedPayment } from '#domain/group-debts.ts';
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

/**
 * A 'Simplify Debts' round (ADR 064): the group's unpaid pot payments taken over, at the first 'Mark Paid' of
 * a simplified payment, by the plan computed from them. The covered payments point at it
 * (`pot_payment.group_round_id`), each simplified payment marked is a settlement pointing at it
 * (`settlement.group_round_id`), and the round completes (every covered payment confirmed) when the last of
 * its planned payments' settlements is confirmed. At most one open round per group.
 */
export const groupRounds = pgTable(
  'group_settle_round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** md5 of the covered payments' `id:amount` in id order: what the screen sent as the version it saw. */
    fingerprint: text('fingerprint').notNull(),
    /**
     * The simplified payments as planned when the round opened; kept, so a later rename (names break ties)
     * cannot change the plan of a round already being paid. It completes when each has a confirmed settlement.
     */
    plan: jsonb('plan').$type<SimplifiedPayment[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('group_settle_round_plan_not_empty', sql`jsonb_array_length(${table.plan}) > 0`),
    uniqueIndex('group_settle_round_open_idx')
      .on(table.groupId)
      .where(sql`${table.completedAt} is null`),
  ],
);
