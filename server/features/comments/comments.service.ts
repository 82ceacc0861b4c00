import { asc, eq } from 'drizzle-orm';
import type { Comment } from '../../../domain/feed.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { comments } from '../../db/schema/comments.ts';
import { AppError } from '../../lib/errors.ts';
import { requireVisibleBet } from '../feed/visibility.ts';
import { userSummaryColumns } from '../friends/friends.service.ts';

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

export async function addComment(db: Db, userId: string, betId: string, text: string) {
  const bet = await requireVisibleBet(db, userId, betId);
  const [row] = await db.insert(comments).values({ betId, userId, text }).returning();
  if (!row) throw new AppError('INTERNAL');
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
  return { comment, bet };
}
