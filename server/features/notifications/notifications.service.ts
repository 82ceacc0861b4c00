import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationSummary } from '#domain/bets.ts';
import type { Db } from '#server/db/client.ts';
import { preparedRow } from '#server/db/prepared.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { betRefereeWaitingOn, betWaitsOn, potsWaitingOn, settlementWaitsOn } from './waiting.sql.ts';

const summaryRow = z.object({ unread: z.number(), has_action: z.boolean() });

const summaryStatement = preparedRow({
  name: 'notification_summary',
  keys: ['userId'],
  build: ({ userId }) => sql`
    select
      (select count(*) from notification n where n.user_id = ${userId} and not n.is_read)::int as unread,
      (
        exists (select 1 from bet b where b.opponent_id = ${userId} and not b.payment_confirmed and ${betWaitsOn(userId, 'b')})
        or exists (select 1 from bet b where b.created_by = ${userId} and not b.payment_confirmed and ${betWaitsOn(userId, 'b')})
        or exists (select 1 from friend_request r where r.requested_id = ${userId} and r.status = 'pending')
        or ${settlementWaitsOn(userId)}
        or exists (${potsWaitingOn(userId)})
        or exists (${betRefereeWaitingOn(userId)})
      ) as has_action`,
  row: summaryRow,
});

/**
 * The red dot on Profile: unread notifications, or anything in the inbox's
 * 'Waiting on You' (a bet waiting on the user, a friend request to answer, or a
 * pot invitation or referee request (ADR 054);
 * ADR "red dot and Waiting on You"). Each bet scan starts from one party's
 * open-bets index.
 */
export async function getNotificationSummary(db: Db, userId: string): Promise<NotificationSummary> {
  const row = await summaryStatement(db, { userId });
  return { unreadCount: row?.unread ?? 0, hasPendingAction: row?.has_action ?? false };
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return updated.length;
}
