import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { proofKinds } from '#domain/proofs.ts';
import { users } from './auth.ts';
import { bets } from './bets.ts';
import { pots } from './pots.ts';

/**
 * A proof photo (ADR 061): the re-encoded image lives in file storage under `storage_key` (where avatars
 * are); the row says what it proves and who added it. It belongs to exactly one bet or one pot and goes
 * with it (a voided bet's proof is deleted with the bet).
 */
export const proofPhotos = pgTable(
  'proof_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    betId: uuid('bet_id').references(() => bets.id, { onDelete: 'cascade' }),
    potId: uuid('pot_id').references(() => pots.id, { onDelete: 'cascade' }),
    /** 'resolution': with 'I Won' or a referee's decision; 'dispute': with a dispute; 'result': a pot's declared result. */
    kind: text('kind', { enum: proofKinds }).notNull(),
    addedBy: text('added_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('proof_photo_one_subject', sql`(${table.betId} is null) <> (${table.potId} is null)`),
    check('proof_photo_kind', sql`${table.kind} in ('resolution', 'dispute', 'result')`),
    index('proof_photo_bet_idx').on(table.betId).where(sql`${table.betId} is not null`),
    index('proof_photo_pot_idx').on(table.potId).where(sql`${table.potId} is not null`),
  ],
);
