import type { NotificationData, NotificationType } from '../../../domain/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  actorId: string;
  /** Null when the event deleted the bet (declined, voided): the row outlives it. */
  betId: string | null;
  data?: NotificationData;
};

/**
 * Writes inbox lines. Call it with the transaction of the change that causes
 * them, so a rolled-back change leaves no line and a committed one never
 * loses its line. Returns the recipients, to publish the realtime hint after
 * commit. Nobody is told about their own action.
 */
export async function writeNotifications(tx: Db, rows: NewNotification[]): Promise<string[]> {
  const values = rows.filter((row) => row.userId !== row.actorId).map((row) => ({ ...row, data: row.data ?? {} }));
  if (values.length === 0) return [];
  await tx.insert(notifications).values(values);
  return [...new Set(values.map((row) => row.userId))];
}

/** What a bet line needs to read well after the bet is gone. */
export function betSnapshot(bet: { description: string; amount: number }): NotificationData {
  return { description: bet.description, amount: bet.amount };
}
