import { sql, type SQL } from 'drizzle-orm';
import {
  defaultPreference,
  type DeliveryChannel,
  type NotificationCategory,
} from '#domain/notification-preferences.ts';
import { notificationPreferences } from '../db/schema/preferences.ts';

/**
 * The one SQL home of "does this user want this category on this channel":
 * the stored switch, or the default when the user never touched it. `userId`
 * is a column or a parameter of the surrounding statement, so delivery can be
 * decided inside the statement that queues it.
 */
export function preferenceEnabledSql(userId: SQL | string, category: NotificationCategory, channel: DeliveryChannel): SQL<boolean> {
  const p = notificationPreferences;
  return sql<boolean>`coalesce((select ${p.enabled} from ${p} where ${p.userId} = ${userId} and ${p.category} = ${category} and ${p.channel} = ${channel}), ${defaultPreference(category, channel)})`;
}
