import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { waitingReason, type Bet, type WaitingReason } from '#domain/bets.ts';
import type { FriendRequest } from '#domain/friends.ts';
import { waitingPotSchema, type WaitingPot } from '#domain/pots.ts';
import {
  ACTIVITY_PAGE_SIZE,
  notificationDataSchema,
  notificationTypeSchema,
  type ActivityItem,
  type MarkActivityReadInput,
} from '#domain/notifications.ts';
import { encodeCursor, type Cursor, type Page } from '#domain/pagination.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { bets } from '#server/db/schema/bets.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { selectBets } from '../bets/bets.service.ts';
import { listIncomingRequests } from '../friends/friends.service.ts';
import { betRefereeWaitingOn, betWaitsOn, potsWaitingOn } from './waiting.sql.ts';

const timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString());
const activityRow = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  bet_id: z.string().nullable(),
  data: notificationDataSchema,
  is_read: z.boolean(),
  created_at: timestamp,
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_image: z.string().nullable(),
});

/**
 * One page of the inbox, newest first, in one statement: the recipient's
 * index is read in order from the cursor, and the actor comes along by
 * primary key. The bet's description travels in the row's snapshot.
 */
export async function getActivityPage(db: Db, userId: string, cursor: Cursor | undefined): Promise<Page<ActivityItem>> {
  const limit = ACTIVITY_PAGE_SIZE + 1;
  const before = cursor ? sql`and (n.created_at, n.id) < (${new Date(cursor.createdAt)}, ${cursor.id}::uuid)` : sql``;
  const rows = await queryRows(
    db,
    sql`
      select n.id, n.type, n.bet_id, n.data, n.is_read, n.created_at,
        u.id as actor_id, u.name as actor_name, u.image as actor_image
      from notification n
      left join "user" u on u.id = n.actor_id
      where n.user_id = ${userId} ${before}
      order by n.created_at desc, n.id desc
      limit ${limit}`,
    activityRow,
  );
  const items = rows.slice(0, ACTIVITY_PAGE_SIZE).map(
    (row): ActivityItem => ({
      id: row.id,
      type: row.type,
      actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '', image: row.actor_image },
      betId: row.bet_id,
      data: row.data,
      isRead: row.is_read,
      createdAt: row.created_at,
    }),
  );
  const last = items.at(-1);
  return { items, nextCursor: rows.length > ACTIVITY_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** Marks the lines the inbox showed (the newest one and everything older) read; newer lines stay unread. */
export async function markActivityRead(db: Db, userId: string, input: MarkActivityReadInput): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        sql`(${notifications.createdAt}, ${notifications.id}) <= (${new Date(input.through.createdAt)}, ${input.through.id}::uuid)`,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

export type WaitingBet = Bet & { reason: WaitingReason };
export type WaitingOnYou = { bets: WaitingBet[]; friendRequests: FriendRequest[]; pots: WaitingPot[] };

const waitingPotRow = z.object({
  id: z.string(),
  question: z.string(),
  stake: z.number(),
  reason: waitingPotSchema.shape.reason,
  creator: waitingPotSchema.shape.creator,
});

/** The pots waiting on the user (the red dot's rule, `potsWaitingOn`), newest first. */
async function listWaitingPots(db: Db, userId: string): Promise<WaitingPot[]> {
  return queryRows(
    db,
    sql`select p.id, p.question, p.stake, w.reason,
        json_build_object('id', c.id, 'name', c.name, 'image', c.image) as creator
      from (${potsWaitingOn(userId)}) w
      join pot p on p.id = w.pot_id
      join "user" c on c.id = p.creator_id
      order by p.created_at desc, p.id`,
    waitingPotRow,
  );
}

const refereeWaitRow = z.object({ bet_id: z.string(), reason: z.enum(['referee', 'pick_referee']) });

/** Bets whose referee role waits on the user (`betRefereeWaitingOn`, ADR 061), newest first. */
async function listRefereeWaits(db: Db, userId: string): Promise<WaitingBet[]> {
  const waits = await queryRows(db, betRefereeWaitingOn(userId), refereeWaitRow);
  if (waits.length === 0) return [];
  const reasons = new Map(waits.map((wait) => [wait.bet_id, wait.reason]));
  const rows = await selectBets(db, userId, inArray(bets.id, [...reasons.keys()]));
  return rows.flatMap((bet) => {
    const reason = reasons.get(bet.id);
    return reason ? [{ ...bet, reason }] : [];
  });
}

/** 'Waiting on You': the bets, friend requests and pots that need the user, newest first (the red dot's rule). */
export async function getWaitingOnYou(db: Db, userId: string): Promise<WaitingOnYou> {
  const rows = await selectBets(
    db,
    userId,
    and(or(eq(bets.createdBy, userId), eq(bets.opponentId, userId)), eq(bets.paymentConfirmed, false), betWaitsOn(userId, 'bet')),
  );
  const waiting = rows.flatMap((bet) => {
    const reason = waitingReason(
      { ...bet, creatorId: bet.creator.id, opponentId: bet.opponent.id, opponentAccepted: bet.referee?.opponentAccepted ?? false },
      userId,
    );
    return reason ? [{ ...bet, reason }] : [];
  });
  return {
    bets: [...(await listRefereeWaits(db, userId)), ...waiting],
    friendRequests: await listIncomingRequests(db, userId),
    pots: await listWaitingPots(db, userId),
  };
}
