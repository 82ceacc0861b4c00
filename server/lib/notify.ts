import type { NotificationData, NotificationType } from '#domain/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/notifications.ts';
import { queueNotificationMail } from './notification-mail.ts';
import { enqueuePushes } from './push-outbox.ts';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  /** Null for the server's own lines (the overdue reminder). */
  actorId: string | null;
  /** Null when the event deleted the bet (declined, voided): the row outlives it. */
  betId: string | null;
  data?: NotificationData;
};

/**
 * Writes inbox lines. Call it with the transaction of the change that causes
 * them, so a rolled-back change leaves no line and a committed one never
 * loses its line. Returns the recipients, to publish the realtime hint after
 * commit. Nobody is told about their own action. Lines that go further
 * queue their pushes in the same transaction; publishing the 'notifications'
 * hint after commit wakes the push worker (see bootstrap).
 */
export async function writeNotifications(tx: Db, rows: NewNotification[]): Promise<string[]> {
  const values = rows.filter((row) => row.userId !== row.actorId).map((row) => ({ ...row, data: row.data ?? {} }));
  if (values.length === 0) return [];
  const inserted = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  // Email and push for what waits on the recipient, decided by their switches, queued in this transaction.
  await queueNotificationMail(tx, values);
  await enqueuePushes(
    tx,
    inserted.map((row) => row.id),
  );
  return [...new Set(values.map((row) => row.userId))];
}

/** What a bet line needs to read well after the bet is gone. */
export function betSnapshot(bet: {
  description: string;
  amount: number;
  winnerId?: string | null;
  createdBy?: string;
  opponentStake?: number;
}): NotificationData {
  // `amount` is the creator's stake; a resolved bet's lines name what its loser pays (ADR 062).
  const isResolved = bet.winnerId !== undefined && bet.winnerId !== null;
  const creatorWon = isResolved && bet.winnerId === bet.createdBy;
  const amount = creatorWon && bet.opponentStake !== undefined ? bet.opponentStake : bet.amount;
  // Before that, an uneven bet's lines name both stakes ('$20 vs $10', ADR 066); an even bet's data stays as it was.
  const isUneven = !isResolved && bet.opponentStake !== undefined && bet.opponentStake !== bet.amount;
  return { description: bet.description, amount, ...(isUneven ? { opponentStake: bet.opponentStake } : {}) };
}
