import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bets } from '../../db/schema/bets.ts';
import { friendships } from '../../db/schema/friends.ts';
import { AppError } from '../../lib/errors.ts';
import { areFriends } from '../friends/friends.service.ts';

/**
 * The spec's feed rule: a user sees bets they are a party to, and bets a
 * friend created. Anything else answers 404, so ids cannot be probed.
 */
export async function requireVisibleBet(db: Db, userId: string, betId: string) {
  const [bet] = await db.select().from(bets).where(eq(bets.id, betId)).limit(1);
  if (!bet) throw new AppError('NOT_FOUND', 'Bet not found.');
  if (bet.createdBy === userId || bet.opponentId === userId) return bet;
  if (await areFriends(db, userId, bet.createdBy)) return bet;
  throw new AppError('NOT_FOUND', 'Bet not found.');
}

/** Everyone who can see a bet: both parties and the creator's friends (for realtime hints). */
export async function viewersOf(db: Db, bet: { createdBy: string; opponentId: string }): Promise<string[]> {
  const rows = await db.select({ id: friendships.friendId }).from(friendships).where(eq(friendships.userId, bet.createdBy));
  return [...new Set([bet.createdBy, bet.opponentId, ...rows.map((row) => row.id)])];
}
