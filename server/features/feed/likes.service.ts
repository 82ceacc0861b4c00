import { and, count, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { betLikes } from '#server/db/schema/likes.ts';
import { requireVisibleBet } from '#server/lib/visibility.ts';

export type LikeState = { liked: boolean; likeCount: number };
/** The bet's parties, so the route can tell everyone who sees it. */
type LikedBet = { id: string; createdBy: string; opponentId: string };

async function likeState(db: Db, userId: string, betId: string, liked: boolean): Promise<LikeState> {
  const [row] = await db.select({ n: count() }).from(betLikes).where(eq(betLikes.betId, betId));
  return { liked, likeCount: row?.n ?? 0 };
}

/** Idempotent: liking twice leaves one like. */
export async function likeBet(db: Db, userId: string, betId: string): Promise<{ state: LikeState; bet: LikedBet }> {
  const bet = await requireVisibleBet(db, userId, betId);
  await db.insert(betLikes).values({ betId, userId }).onConflictDoNothing();
  return { state: await likeState(db, userId, betId, true), bet };
}

export async function unlikeBet(db: Db, userId: string, betId: string): Promise<{ state: LikeState; bet: LikedBet }> {
  const bet = await requireVisibleBet(db, userId, betId);
  await db.delete(betLikes).where(and(eq(betLikes.betId, betId), eq(betLikes.userId, userId)));
  return { state: await likeState(db, userId, betId, false), bet };
}
