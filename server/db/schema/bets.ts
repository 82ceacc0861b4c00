import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { COUNTER_MAX } from '#domain/bet-stakes.ts';
import { DISPUTE_REASON_MAX } from '#domain/bets.ts';
import { AUTO_REMINDER_MAX } from '#domain/reminders.ts';
import { users } from './auth.ts';
import { settlements } from './settlements.ts';

/**
 * CHECK constraints make illegal states unrepresentable: parties differ, the
 * winner and void requester are parties, a winner exists iff completed, and
 * payment flags only move on completed bets, confirmed only after sent.
 */
export const bets = pgTable(
  'bet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opponentId: text('opponent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    /** The creator's stake, kept for readers that predate odds (ADR 062): money reads use the stakes. */
    amount: integer('amount').notNull(),
    /** What each side risks (ADR 062); equal for an even bet. While pending: the terms on the table. */
    creatorStake: integer('creator_stake').notNull(),
    opponentStake: integer('opponent_stake').notNull(),
    /** Counters so far: the version an accept or counter names, and by its parity whose turn it is. */
    counterCount: smallint('counter_count').notNull().default(0),
    status: text('status', { enum: ['pending', 'active', 'completed'] }).notNull().default('pending'),
    winnerId: text('winner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The opponent's prediction, stored as a comment (foreign key added in SQL: the tables reference each other). */
    acceptanceCommentId: uuid('acceptance_comment_id'),
    voidRequestedBy: text('void_requested_by').references(() => users.id, { onDelete: 'cascade' }),
    paymentSent: boolean('payment_sent').notNull().default(false),
    paymentConfirmed: boolean('payment_confirmed').notNull().default(false),
    /** When payment_sent became true (singly or by a settlement): the payer record reads it. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The settle-up payment that paid this bet, if any: such a bet is no longer paid or confirmed singly. */
    settlementId: uuid('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    // Millisecond precision, so a keyset cursor built from a JS Date matches the stored value exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Who resolved it and how: 'won' is a claim ('I Won') the loser may dispute, 'lost' a concession. */
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'cascade' }),
    resolution: text('resolution', { enum: ['won', 'lost'] }),
    /** Set by a dispute; from then on the bet ends only by 'I Lost' or a void. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** The optional 'Resolve by' date; the overdue job reminds both parties once, the day after it. */
    resolveBy: date('resolve_by', { mode: 'string' }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    /** The last payment reminder about this bet, sent by the winner or the reminder job: the shared 24-hour throttle reads it. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    /** How many automatic reminders the job sent (at most 3). */
    autoRemindersSent: smallint('auto_reminders_sent').notNull().default(0),
    /** The bet has a referee role (ADR 061): it needs an accepted referee to become active, and the referee decides it. */
    hasReferee: boolean('has_referee').notNull().default(false),
    /** The asked referee; null after they declined, until the creator picks another. */
    refereeId: text('referee_id').references(() => users.id, { onDelete: 'set null' }),
    refereeAcceptedAt: timestamp('referee_accepted_at', { withTimezone: true }),
    /** The opponent accepted a refereed bet that still waits for its referee. */
    opponentAcceptedAt: timestamp('opponent_accepted_at', { withTimezone: true }),
  },
  (table) => [
    check('bet_parties_differ', sql`${table.createdBy} <> ${table.opponentId}`),
    check('bet_status', sql`${table.status} in ('pending', 'active', 'completed')`),
    check('bet_description_length', sql`char_length(${table.description}) between 1 and 280`),
    check('bet_amount_range', sql`${table.amount} between 1 and 10000`),
    check(
      'bet_stakes_range',
      sql`${table.creatorStake} between 1 and 10000 and ${table.opponentStake} between 1 and 10000`,
    ),
    check('bet_amount_is_creator_stake', sql`${table.amount} = ${table.creatorStake}`),
    check('bet_counter_count_range', sql`${table.counterCount} between 0 and ${sql.raw(String(COUNTER_MAX))}`),
    check(
      'bet_winner_is_party',
      sql`${table.winnerId} is null or ${table.winnerId} in (${table.createdBy}, ${table.opponentId})`,
    ),
    check(
      'bet_void_requester_is_party',
      sql`${table.voidRequestedBy} is null or ${table.voidRequestedBy} in (${table.createdBy}, ${table.opponentId})`,
    ),
    check('bet_void_only_active', sql`${table.voidRequestedBy} is null or ${table.status} = 'active'`),
    check(
      'bet_winner_iff_completed',
      sql`(${table.status} = 'completed') = (${table.winnerId} is not null and ${table.completedAt} is not null)`,
    ),
    check(
      'bet_payment_only_completed',
      sql`${table.status} = 'completed' or not (${table.paymentSent} or ${table.paymentConfirmed})`,
    ),
    check('bet_confirmed_implies_sent', sql`not ${table.paymentConfirmed} or ${table.paymentSent}`),
    check('bet_resolution_iff_resolver', sql`(${table.resolvedBy} is null) = (${table.resolution} is null)`),
    check('bet_resolution_value', sql`${table.resolution} is null or ${table.resolution} in ('won', 'lost')`),
    check(
      'bet_resolver_is_party',
      sql`${table.resolvedBy} is null or (${table.status} = 'completed' and (${table.resolvedBy} in (${table.createdBy}, ${table.opponentId}) or ${table.resolvedBy} = ${table.refereeId}))`,
    ),
    check('bet_referee_needs_role', sql`${table.refereeId} is null or ${table.hasReferee}`),
    check(
      'bet_referee_not_party',
      sql`${table.refereeId} is null or ${table.refereeId} not in (${table.createdBy}, ${table.opponentId})`,
    ),
    check('bet_referee_accepted_needs_referee', sql`${table.refereeAcceptedAt} is null or ${table.refereeId} is not null`),
    // The referee a bet is waiting on (the inbox's 'Waiting on You', the referee's visibility).
    index('bet_referee_idx').on(table.refereeId).where(sql`${table.refereeId} is not null`),
    check('bet_dispute_reason_needs_dispute', sql`${table.disputeReason} is null or ${table.disputedAt} is not null`),
    check('bet_dispute_reason_length', sql`char_length(${table.disputeReason}) <= ${sql.raw(String(DISPUTE_REASON_MAX))}`),
    check('bet_settled_implies_sent', sql`${table.settlementId} is null or ${table.paymentSent}`),
    check('bet_auto_reminders_range', sql`${table.autoRemindersSent} between 0 and ${sql.raw(String(AUTO_REMINDER_MAX))}`),
    // NULLS FIRST matches a plain ORDER BY … DESC, so lists read these indexes in order without a sort.
    index('bet_creator_idx').on(table.createdBy, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bet_opponent_idx').on(table.opponentId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The feed of a user with very many friends walks all bets newest first (feed.service.ts, FeedStrategy).
    index('bet_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bet_completed_idx').on(table.completedAt).where(sql`${table.status} = 'completed'`),
    // The weekly leaderboard counts each person's recent wins.
    index('bet_winner_recent_idx').on(table.winnerId, table.completedAt).where(sql`${table.status} = 'completed'`),
    // The profile's pending and active sections read each party's unresolved bets:
    // through bet_creator_idx a user with 2,018 bets read all of them to keep 611.
    index('bet_creator_unresolved_idx')
      .on(table.createdBy, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} <> 'completed'`),
    index('bet_opponent_unresolved_idx')
      .on(table.opponentId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} <> 'completed'`),
    // The red dot's "pending action" reads open bets per party.
    index('bet_creator_open_idx').on(table.createdBy).where(sql`not ${table.paymentConfirmed}`),
    index('bet_opponent_open_idx').on(table.opponentId).where(sql`not ${table.paymentConfirmed}`),
    // The overdue job reads only active bets with a date that were not reminded yet.
    index('bet_overdue_due_idx')
      .on(table.resolveBy)
      .where(sql`${table.status} = 'active' and ${table.resolveBy} is not null and ${table.overdueNotifiedAt} is null`),
    // The reminder job reads only unpaid completed bets that may still get an automatic reminder, oldest first.
    index('bet_reminder_due_idx')
      .on(table.completedAt)
      .where(
        sql`${table.status} = 'completed' and not ${table.paymentSent} and ${table.autoRemindersSent} < ${sql.raw(String(AUTO_REMINDER_MAX))}`,
      ),
    // Self-set limits sum each party's losses of the last 7 days.
    index('bet_creator_completed_idx').on(table.createdBy, table.completedAt).where(sql`${table.status} = 'completed'`),
    index('bet_opponent_completed_idx').on(table.opponentId, table.completedAt).where(sql`${table.status} = 'completed'`),
    index('bet_settlement_idx').on(table.settlementId).where(sql`${table.settlementId} is not null`),
  ],
);
