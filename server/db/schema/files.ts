import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** node-postgres returns a Buffer for bytea, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (avatars), so every instance serves every file.
 * Keys name the content (an avatar key carries the hash of its bytes), so a
 * key's bytes never change once written.
 */
export const fileBlobs = pgTable('file_blob', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
