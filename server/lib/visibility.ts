import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryOne } from '../db/query.ts';
import { friendships } from '../db/schema/friends.ts';
import { AppError } from './errors.ts';

/**
 * The spec's feed rule, in SQL: a user sees bets they are a party to, and
 * bets a friend created. `b` is the bet table's alias in the surrounding query.
 */
export function canSeeBet(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  // A bet's referee sees it too (ADR 061).
  return sql`(${col('created_by')} = ${viewerId} or ${col('opponent_id')} = ${viewerId} or ${col('referee_id')} = ${viewerId}
    or exists (select 1 from friendship f where f.user_id = ${viewerId} and f.friend_id = ${col('created_by')}))`;
}

const visibleRow = z.object({ created_by: z.string(), opponent_id: z.string(), description: z.string(), amount: z.number() });

/** The bet if the viewer may see it; anything else answers 404, so ids cannot be probed. */
export async function requireVisibleBet(db: Db, userId: string, betId: string) {
  const row = await queryOne(
    db,
    sql`select b.created_by, b.opponent_id, b.description, b.amount from bet b where b.id = ${betId} and ${canSeeBet(userId, 'b')}`,
    visibleRow,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Bet not found.');
  return { id: betId, createdBy: row.created_by, opponentId: row.opponent_id, description: row.description, amount: row.amount };
}

/** Everyone who can see a bet: both parties, its referee and the creator's friends (for realtime hints). */
export async function viewersOf(db: Db, bet: { createdBy: string; opponentId: string; refereeId?: string | null }): Promise<string[]> {
  const rows = await db.select({ id: friendships.friendId }).from(friendships).where(eq(friendships.userId, bet.createdBy));
  return [...new Set([bet.createdBy, bet.opponentId, ...(bet.refereeId ? [bet.refereeId] : []), ...rows.map((row) => row.id)])];
}

/** Whether `userId` counts `otherId` as a friend (the friendship rows go both ways). */
export async function areFriends(db: Db, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)))
    .limit(1);
  return row !== undefined;
}
