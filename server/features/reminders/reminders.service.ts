import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextReminderAt, reminderMessages, type ReminderResult } from '#domain/reminders.ts';
import type { Db } from '#server/db/client.ts';
import { bets } from '#server/db/schema/bets.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import { lockUnpaidDebtsOfPair } from '#server/lib/balances.sql.ts';
import { refuse } from '#server/lib/bet-refusal.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';
import { reminderAllowed } from '#server/lib/reminders.sql.ts';

export type ReminderEffects = { publish(userIds: string[], event: ChangeEvent): Promise<void> };

function resultOf(sentAt: Date): ReminderResult {
  const next = nextReminderAt(sentAt);
  if (!next) throw new AppError('INTERNAL');
  return { reminder: { availableAt: next.toISOString() } };
}

/** After commit: the sender's cards and balances show 'Reminder sent'; the recipient's inbox has the line. */
async function announce(effects: ReminderEffects, senderId: string, notified: string[], betId?: string) {
  await effects.publish([senderId], betId ? { kind: 'bets', betId } : { kind: 'bets' });
  if (betId) await effects.publish([senderId], { kind: 'feed', betId });
  if (notified.length > 0) await effects.publish(notified, { kind: 'notifications' });
}

/**
 * 'Send Reminder' on a bet card: only its winner, only while it is completed
 * and unpaid, at most once per 24 hours (with the automatic reminders). One
 * conditional UPDATE stamps the bet, so of two requests at once one sends;
 * the loser's line is written in the same transaction.
 */
export async function remindAboutBet(db: Db, effects: ReminderEffects, userId: string, betId: string): Promise<ReminderResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bets)
      .set({ lastRemindedAt: sql`now()` })
      .where(
        and(
          eq(bets.id, betId),
          eq(bets.winnerId, userId),
          eq(bets.status, 'completed'),
          eq(bets.paymentSent, false),
          reminderAllowed(sql`${bets.lastRemindedAt}`),
        ),
      )
      .returning();
    if (!row?.lastRemindedAt) return refuse(tx, betId, userId, 'remind');
    const loserId = row.createdBy === userId ? row.opponentId : row.createdBy;
    const notified = await writeNotifications(tx, [
      { userId: loserId, type: 'payment_reminder', actorId: userId, betId: row.id, data: betSnapshot(row) },
    ]);
    return { sentAt: row.lastRemindedAt, notified };
  });
  await announce(effects, userId, result.notified, betId);
  return resultOf(result.sentAt);
}

const lockedRow = z.object({ id: z.string(), owed_to_me: z.boolean(), signed: z.number(), is_recent: z.boolean() });

/**
 * 'Send Reminder' on a balance line: only the creditor (the friend owes them
 * a positive net). It reminds about every bet the friend lost in that net, so
 * it counts against each one's 24-hour throttle and is refused while any of
 * them had a reminder in the window. The pair's bets are locked first, so a
 * racing reminder (balance or single bet) waits and then sees the new stamp.
 */
export async function remindAboutBalance(db: Db, effects: ReminderEffects, viewerId: string, friendId: string): Promise<ReminderResult> {
  const result = await db.transaction(async (tx) => {
    const { friend, locked } = await lockUnpaidDebtsOfPair(
      tx,
      viewerId,
      friendId,
      sql`b.id, b.winner_id = ${viewerId} as owed_to_me, not ${reminderAllowed(sql.raw('b.last_reminded_at'))} as is_recent`,
      lockedRow,
    );
    const net = locked.reduce((sum, bet) => sum + bet.signed, 0);
    if (net <= 0) throw new AppError('FORBIDDEN', reminderMessages.notOwed(friend.name));
    const owed = locked.filter((bet) => bet.owed_to_me);
    if (owed.some((bet) => bet.is_recent)) throw new AppError('RATE_LIMITED', reminderMessages.throttled);
    const stamped = await tx
      .update(bets)
      .set({ lastRemindedAt: sql`now()` })
      .where(inArray(bets.id, owed.map((bet) => bet.id)))
      .returning({ sentAt: bets.lastRemindedAt });
    const sentAt = stamped[0]?.sentAt;
    if (!sentAt) throw new AppError('INTERNAL');
    const notified = await writeNotifications(tx, [
      { userId: friendId, type: 'balance_reminder', actorId: viewerId, betId: null, data: { amount: net, betCount: owed.length } },
    ]);
    return { sentAt, notified };
  });
  await announce(effects, viewerId, result.notified);
  return resultOf(result.sentAt);
}
