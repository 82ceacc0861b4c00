import { asc, eq } from 'drizzle-orm';
import type { Comment } from '#domain/feed.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { comments } from '#server/db/schema/comments.ts';
import { AppError } from '#server/lib/errors.ts';
import { requireVisibleBet } from '#server/lib/visibility.ts';
import { userSummaryColumns } from '../friends/friends.service.ts';
import { betSnapshot, writeNotifications } from '#server/lib/notify.ts';

export async function listComments(db: Db, userId: string, betId: string): Promise<Comment[]> {
  await requireVisibleBet(db, userId, betId);
  const rows = await db
    .select({ id: comments.id, text: comments.text, createdAt: comments.createdAt, author: { id: users.id, name: users.name, username: userSummaryColumns.username } })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.betId, betId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Adds a comment and tells the bet's parties (but not the commenter) in the same transaction. */
export async function addComment(db: Db, userId: string, betId: string, text: string) {
  const bet = await requireVisibleBet(db, userId, betId);
  const { row, notified } = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(comments).values({ betId, userId, text }).returning();
    if (!inserted) throw new AppError('INTERNAL');
    const notified = await writeNotifications(
      tx,
      [bet.createdBy, bet.opponentId].map((partyId) => ({
        userId: partyId,
        type: 'comment_added' as const,
        actorId: userId,
        betId,
        data: betSnapshot(bet),
      })),
    );
    return { row: inserted, notified };
  });
  const [author] = await db
    .select({ id: users.id, name: users.name, username: userSummaryColumns.username })
    .from(users)
    .where(eq(users.id, userId));
  const comment: Comment = {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    author: author ?? { id: userId, name: null, username: null },
  };
  return { comment, bet, notified };
}
