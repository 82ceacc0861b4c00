import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Comment } from '#domain/feed.ts';
import type { MyPots } from '#domain/pots.ts';
import type { Db } from '#server/db/client.ts';
import { displayUsernameColumn, queryOne, queryRows } from '#server/db/query.ts';
import { users } from '#server/db/schema/auth.ts';
import { potComments, potLikes } from '#server/db/schema/pots.ts';
import { AppError } from '#server/lib/errors.ts';
import { writeNotifications } from '#server/lib/notify.ts';
import { feedPotJsonSql, feedPotRow, timestamp, toFeedPot } from '../feed/feed.service.ts';
import { canSeePot, peopleOf } from './pots.service.ts';

/** Likes and comments on a pot's feed card (ADR 060), the way bets have them (ADR 012). */

type SocialPot = { id: string; creatorId: string; question: string; stake: number };

/** The pot if the viewer may see it; anyone else gets the same 404 as an unknown id. */
async function requireVisiblePot(db: Db, userId: string, potId: string): Promise<SocialPot> {
  const row = await queryOne(
    db,
    sql`select p.id, p.creator_id, p.question, p.stake from pot p where p.id = ${potId} and ${canSeePot(userId)}`,
    z.object({ id: z.string(), creator_id: z.string(), question: z.string(), stake: z.number() }),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Pot not found.');
  return { id: row.id, creatorId: row.creator_id, question: row.question, stake: row.stake };
}

export type PotLikeState = { liked: boolean; likeCount: number };

async function likeState(db: Db, potId: string, liked: boolean): Promise<PotLikeState> {
  const [row] = await db.select({ n: count() }).from(potLikes).where(eq(potLikes.potId, potId));
  return { liked, likeCount: row?.n ?? 0 };
}

/** Idempotent, as a bet's like: liking twice leaves one like. Returns who sees the pot, for the live hint. */
export async function likePot(db: Db, userId: string, potId: string) {
  await requireVisiblePot(db, userId, potId);
  await db.insert(potLikes).values({ potId, userId }).onConflictDoNothing();
  return { state: await likeState(db, potId, true), viewers: await peopleOf(db, potId) };
}

export async function unlikePot(db: Db, userId: string, potId: string) {
  await requireVisiblePot(db, userId, potId);
  await db.delete(potLikes).where(and(eq(potLikes.potId, potId), eq(potLikes.userId, userId)));
  return { state: await likeState(db, potId, false), viewers: await peopleOf(db, potId) };
}

const authorColumns = { id: users.id, name: users.name, username: displayUsernameColumn() };

export async function listPotComments(db: Db, userId: string, potId: string): Promise<Comment[]> {
  await requireVisiblePot(db, userId, potId);
  const rows = await db
    .select({ id: potComments.id, text: potComments.text, createdAt: potComments.createdAt, author: authorColumns })
    .from(potComments)
    .innerJoin(users, eq(users.id, potComments.userId))
    .where(eq(potComments.potId, potId))
    .orderBy(asc(potComments.createdAt), asc(potComments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Adds a comment and, in the same transaction, tells the people with money in the pot — its creator and
 * entrants — but not the commenter, as a bet's comment tells both parties.
 */
export async function addPotComment(db: Db, userId: string, potId: string, text: string) {
  const pot = await requireVisiblePot(db, userId, potId);
  const { row, notified } = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(potComments).values({ potId, userId, text }).returning();
    if (!inserted) throw new AppError('INTERNAL');
    const entrants = await queryRows(
      tx,
      sql`select user_id as id from pot_entry where pot_id = ${potId}`,
      z.object({ id: z.string() }),
    );
    const told = new Set([pot.creatorId, ...entrants.map((entrant) => entrant.id)]);
    const notified = await writeNotifications(
      tx,
      [...told].map((recipient) => ({
        userId: recipient,
        type: 'pot_comment_added' as const,
        actorId: userId,
        betId: null,
        data: { description: pot.question, amount: pot.stake, potId },
      })),
    );
    return { row: inserted, notified };
  });
  const [author] = await db.select(authorColumns).from(users).where(eq(users.id, userId));
  const comment: Comment = {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    author: author ?? { id: userId, name: null, username: null },
  };
  return { comment, notified, viewers: await peopleOf(db, potId) };
}

/** How many pots each profile list shows: a person is rarely in more open pots than this. */
export const MY_POTS_SHOWN = 50;

const myPotRow = z.object({ list: z.enum(['open', 'decided']), now: timestamp, pot: feedPotRow });

/**
 * The profile's pots in one statement: those the viewer is part of (created, referees, or entered) that are
 * open, awaiting a result or disputed ('Open Pots'), and the decided ones (listed with past bets), newest
 * first. An invitation not taken up is in 'Waiting on You' instead.
 */
export async function getMyPots(db: Db, userId: string): Promise<MyPots> {
  const rows = await queryRows(
    db,
    sql`
      with mine as (
        select p.id from pot p where p.creator_id = ${userId}
        union select p.id from pot p where p.referee_id = ${userId}
        union select e.pot_id from pot_entry e where e.user_id = ${userId}
      )
      (select 'open' as list, now() as now, ${feedPotJsonSql(userId)} as pot
        from mine m join pot pt on pt.id = m.id join "user" pc on pc.id = pt.creator_id
        where pt.status in ('open', 'closed', 'awaiting', 'disputed')
        order by pt.created_at desc, pt.id desc limit ${MY_POTS_SHOWN})
      union all
      (select 'decided', now(), ${feedPotJsonSql(userId)}
        from mine m join pot pt on pt.id = m.id join "user" pc on pc.id = pt.creator_id
        where pt.status = 'decided'
        order by pt.decided_at desc, pt.id desc limit ${MY_POTS_SHOWN})`,
    myPotRow,
  );
  const list = (name: 'open' | 'decided') =>
    rows.filter((row) => row.list === name).map((row) => toFeedPot(row.pot, row.now));
  return { open: list('open'), decided: list('decided') };
}
