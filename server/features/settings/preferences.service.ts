import { eq, sql } from 'drizzle-orm';
import {
  defaultPreference,
  deliveryChannels,
  notificationCategories,
  type NotificationPreference,
  type UpdateNotificationPreferenceInput,
} from '#domain/notification-preferences.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import type { UnsubscribeClaim } from '#server/lib/unsubscribe-token.ts';

/** Every category × channel, in the Settings screen's order, the stored switch or its default. */
export async function listPreferences(db: Db, userId: string): Promise<NotificationPreference[]> {
  const stored = await db
    .select({ category: notificationPreferences.category, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const byKey = new Map(stored.map((row) => [`${row.category}:${row.channel}`, row.enabled]));
  return notificationCategories.flatMap((category) =>
    deliveryChannels.map((channel) => ({
      category,
      channel,
      enabled: byKey.get(`${category}:${channel}`) ?? defaultPreference(category, channel),
    })),
  );
}

/**
 * One switch, upserted. Only for an existing user (insert … select): a user
 * deleted meanwhile (or an unsubscribe token of a deleted account) changes nothing.
 */
async function storePreference(db: Db, userId: string, input: UpdateNotificationPreferenceInput): Promise<void> {
  const p = notificationPreferences;
  await db
    .insert(p)
    .select(
      db
        .select({
          userId: users.id,
          category: sql<string>`${input.category}::text`.as('category'),
          channel: sql<string>`${input.channel}::text`.as('channel'),
          enabled: sql<boolean>`${input.enabled}::boolean`.as('enabled'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoUpdate({ target: [p.userId, p.category, p.channel], set: { enabled: input.enabled, updatedAt: sql`now()` } });
}

export async function updatePreference(db: Db, userId: string, input: UpdateNotificationPreferenceInput): Promise<NotificationPreference[]> {
  await storePreference(db, userId, input);
  return listPreferences(db, userId);
}

/** A genuine unsubscribe token turns its category's Email switch off. */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim): Promise<void> {
  await storePreference(db, claim.userId, { category: claim.category, channel: 'email', enabled: false });
}
