import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  POT_DISPUTE_REASON_MAX,
  POT_OPTION_MAX,
  POT_QUESTION_MAX,
  potDeciders,
  potKinds,
  potOutcomes,
  potStatuses,
} from '#domain/pot-rules.ts';
import { users } from './auth.ts';
import { settlements } from './settlements.ts';
import { groupRounds, groups } from './groups.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A pot: one bet among up to fifty friends with several outcomes (ADR 054). Entrants are rows of
 * pot_entry; the payment plan of a decided pot is stored in pot_payment by the deciding transaction.
 */
export const pots = pgTable(
  'pot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    kind: text('kind', { enum: potKinds }).notNull(),
    /** Over/Under only: the number the outcomes are around. */
    line: doublePrecision('line'),
    stake: integer('stake').notNull(),
    /** Null: entries close when the result is declared. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    resolveBy: date('resolve_by', { mode: 'string' }),
    decider: text('decider', { enum: potDeciders }).notNull(),
    refereeId: text('referee_id').references(() => users.id, { onDelete: 'set null' }),
    refereeAcceptedAt: timestamp('referee_accepted_at', { withTimezone: true }),
    status: text('status', { enum: potStatuses }).notNull().default('open'),
    outcome: text('outcome', { enum: potOutcomes }),
    resultOptionId: uuid('result_option_id'),
    resultNumber: doublePrecision('result_number'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The declared result was disputed (once per result): by whom, why, when. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputedBy: text('disputed_by').references(() => users.id, { onDelete: 'set null' }),
    disputeReason: text('dispute_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A group pot: every member of the group sees it and may join while entries are open (ADR 063). */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'pot_question_length',
      sql`char_length(${table.question}) between 1 and ${sql.raw(String(POT_QUESTION_MAX))}`,
    ),
    check('pot_kind', sql`${table.kind} in (${inList(potKinds)})`),
    check('pot_decider', sql`${table.decider} in (${inList(potDeciders)})`),
    check('pot_status', sql`${table.status} in (${inList(potStatuses)})`),
    check('pot_outcome', sql`${table.outcome} is null or ${table.outcome} in (${inList(potOutcomes)})`),
    check('pot_stake_range', sql`${table.stake} between 1 and 10000`),
    check('pot_line_iff_over_under', sql`(${table.kind} = 'over_under') = (${table.line} is not null)`),
    check('pot_referee_iff_referee', sql`${table.refereeId} is null or ${table.decider} = 'referee'`),
    check(
      'pot_referee_not_creator',
      sql`${table.refereeId} is null or ${table.refereeId} <> ${table.creatorId}`,
    ),
    check(
      'pot_dispute_reason_length',
      sql`${table.disputeReason} is null or char_length(${table.disputeReason}) <= ${sql.raw(String(POT_DISPUTE_REASON_MAX))}`,
    ),
    check('pot_vote_only_choices', sql`${table.decider} <> 'vote' or ${table.kind} = 'choices'`),
    check(
      'pot_decided_iff_outcome',
      sql`(${table.status} in ('decided', 'disputed')) = (${table.outcome} is not null and ${table.decidedAt} is not null)`,
    ),
    check(
      'pot_cancelled_iff_time',
      sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`,
    ),
    index('pot_creator_idx').on(table.creatorId, table.createdAt.desc().nullsFirst()),
    index('pot_group_idx')
      .on(table.groupId, table.createdAt.desc())
      .where(sql`${table.groupId} is not null`),
    // Leads with the referee for 'Waiting on You', ordered by creation for the feed's keyset walk.
    index('pot_referee_idx')
      .on(table.refereeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.refereeId} is not null`),
    // The job that ends pots whose entries closed by time with fewer than two entrants walks only open pots.
    index('pot_open_closes_idx')
      .on(table.closesAt)
      .where(sql`${table.status} = 'open' and ${table.closesAt} is not null`),
  ],
);

export const potOptions = pgTable(
  'pot_option',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    check(
      'pot_option_label_length',
      sql`char_length(${table.label}) between 1 and ${sql.raw(String(POT_OPTION_MAX))}`,
    ),
    index('pot_option_pot_idx').on(table.potId, table.position),
  ],
);

export const potInvites = pgTable(
  'pot_invite',
  {
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invitee said they are not entering (or left): the invitation no longer waits on them. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.potId, table.userId] }),
    index('pot_invite_user_idx').on(table.userId),
  ],
);

/** One entry per person and pot (the key); `seq` is the join order the split and the payment plan follow. */
export const potEntries = pgTable(
  'pot_entry',
  {
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').references(() => potOptions.id, { onDelete: 'cascade' }),
    guess: doublePrecision('guess'),
    /** What the entrant got back when the pot was decided (the stake on a refund, 0 on a loss). */
    payout: integer('payout'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [
    primaryKey({ columns: [table.potId, table.userId] }),
    check('pot_entry_one_pick', sql`(${table.optionId} is null) <> (${table.guess} is null)`),
    index('pot_entry_user_idx').on(table.userId),
  ],
);

export const potPayments = pgTable(
  'pot_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    payerId: text('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeId: text('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** Its place in the plan, so the page lists payments in the plan's order. */
    position: smallint('position').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The settle-up that paid it with the pair's other debts (ADR 059): set together with `sent_at`, and
     * confirming the settlement confirms it. Null: paid (or still to pay) on its own on the pot page.
     */
    settlementId: uuid('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    /**
     * The group's 'Simplify Debts' round that took it over (ADR 064): set together with `sent_at`; the round's
     * last confirmed settlement confirms it. It cannot be confirmed singly on the pot page.
     */
    groupRoundId: uuid('group_round_id').references(() => groupRounds.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('pot_payment_parties_differ', sql`${table.payerId} <> ${table.payeeId}`),
    check('pot_payment_amount_positive', sql`${table.amount} > 0`),
    check(
      'pot_payment_confirmed_implies_sent',
      sql`${table.confirmedAt} is null or ${table.sentAt} is not null`,
    ),
    check(
      'pot_payment_settled_implies_sent',
      sql`${table.settlementId} is null or ${table.sentAt} is not null`,
    ),
    check(
      'pot_payment_round_implies_sent',
      sql`${table.groupRoundId} is null or ${table.sentAt} is not null`,
    ),
    index('pot_payment_group_round_idx')
      .on(table.groupRoundId)
      .where(sql`${table.groupRoundId} is not null`),
    index('pot_payment_settlement_idx')
      .on(table.settlementId)
      .where(sql`${table.settlementId} is not null`),
    index('pot_payment_pot_idx').on(table.potId, table.position),
    index('pot_payment_payer_idx').on(table.payerId),
    index('pot_payment_payee_idx').on(table.payeeId),
  ],
);

/** 'Entrants vote': one vote per entrant, changeable until a strict majority agrees (then the pot is decided). */
export const potVotes = pgTable(
  'pot_vote',
  {
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => potOptions.id, { onDelete: 'cascade' }),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.potId, table.userId] })],
);

/** A dispute's vote: each entrant keeps or overturns the result, changeable until a strict majority agrees. */
export const potDisputeVotes = pgTable(
  'pot_dispute_vote',
  {
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    overturn: boolean('overturn').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.potId, table.userId] })],
);

/** Likes on a pot's feed card, stored per user as bet likes are (ADR 012, ADR 060). */
export const potLikes = pgTable(
  'pot_like',
  {
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.potId, table.userId] }), index('pot_like_user_idx').on(table.userId)],
);

/** Comments on a pot's feed card: the comment table's rules, keyed by pot (ADR 060). */
export const potComments = pgTable(
  'pot_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    potId: uuid('pot_id')
      .notNull()
      .references(() => pots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('pot_comment_text_length', sql`char_length(${table.text}) between 1 and 500`),
    index('pot_comment_pot_idx').on(table.potId, table.createdAt, table.id),
    index('pot_comment_user_idx').on(table.userId),
  ],
);
