import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * better-auth's tables, written by hand from its schema (its CLI needs Node 22).
 * TypeScript keys are better-auth's field names; SQL names are snake_case.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The profile photo URL. */
    image: text('image'),
    /** Lower-cased by better-auth's username plugin, so unique means case-insensitively unique. */
    username: text('username').notNull(),
    /** The username as the user typed it. */
    displayUsername: text('display_username'),
    /** Ten digits, no punctuation. */
    phone: text('phone').notNull(),
    venmoHandle: text('venmo_handle').notNull(),
    /** The Cash App $cashtag without '$'; null: none (ADR 056). */
    cashtag: text('cashtag'),
    /** The PayPal.me username; null: none (ADR 056). */
    paypalMe: text('paypal_me'),
    ...timestamps,
  },
  (table) => [
    // The domain's rules (domain/pay-link.ts), so a link never carries anything else.
    check('user_cashtag_format', sql`${table.cashtag} ~ '^[A-Za-z][A-Za-z0-9_]{0,19}$'`),
    check('user_paypal_me_format', sql`${table.paypalMe} ~ '^[A-Za-z0-9]{1,20}$'`),
    // better-auth stores emails lower-cased, so a plain unique index serves its lookups.
    uniqueIndex('user_email_unique').on(table.email),
    uniqueIndex('user_username_unique').on(table.username),
    // Friend search matches partial usernames and phone numbers (LIKE '%term%').
    // Prefix search reads usernames in order from this index ("C": byte order, so LIKE 'ab%' can use it).
    index('user_username_prefix_idx').on(sql`${table.username} collate "C"`),
    index('user_username_trgm_idx').using('gin', sql`${table.username} gin_trgm_ops`),
    index('user_phone_trgm_idx').using('gin', sql`${table.phone} gin_trgm_ops`),
    // Lists of people (friends, leaderboard) read a user's summary from the index alone.
    index('user_summary_idx').on(table.id, table.name, table.username, table.displayUsername, table.image),
  ],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** better-auth's limiter state, kept in the database so every instance shares it. */
export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
