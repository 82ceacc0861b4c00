import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationSummary } from '../../../domain/bets.ts';
import type { Db } from '../../db/client.ts';
import { queryOne } from '../../db/query.ts';
import { notifications } from '../../db/schema/notifications.ts';

const summaryRow = z.object({ unread: z.number(), has_action: z.boolean() });

/**
 * The red dot on Profile: unread notifications, or any bet waiting on the
 * user (the same rules as domain/bets.ts `needsAction`, in SQL).
 */
export async function getNotificationSummary(db: Db, userId: string): Promise<NotificationSummary> {
  const row = await queryOne(
    db,
    sql`
      select
        (select count(*) from notification n where n.user_id = ${userId} and not n.is_read)::int as unread,
        (
          exists (select 1 from bet b where b.opponent_id = ${userId} and not b.payment_confirmed and b.status = 'pending')
          or exists (
            select 1 from bet b
            where b.opponent_id = ${userId} and not b.payment_confirmed and (
              (b.status = 'active' and b.void_requested_by = b.created_by)
              or (b.status = 'completed' and b.winner_id = ${userId} and b.payment_sent)
              or (b.status = 'completed' and b.winner_id <> ${userId} and not b.payment_sent))
          )
          or exists (
            select 1 from bet b
            where b.created_by = ${userId} and not b.payment_confirmed and (
              (b.status = 'active' and b.void_requested_by = b.opponent_id)
              or (b.status = 'completed' and b.winner_id = ${userId} and b.payment_sent)
              or (b.status = 'completed' and b.winner_id <> ${userId} and not b.payment_sent))
          )
        ) as has_action`,
    summaryRow,
  );
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
