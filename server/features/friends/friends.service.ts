import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  encodeFriendsCursor,
  FRIENDS_PAGE_SIZE,
  phoneSearchDigits,
  type FriendRequest,
  type FriendsCursor,
  type FriendsPage,
  type SearchResult,
  type SentFriendRequest,
} from '#domain/friends.ts';
import { SEARCH_LIMIT, type Relationship, type UserSummary } from '#domain/profiles.ts';
import type { Db } from '#server/db/client.ts';
import { preparedRows } from '#server/db/prepared.ts';
import { displayUsername, displayUsernameColumn, escapeLike } from '#server/db/query.ts';
import { users } from '#server/db/schema/auth.ts';
import { bets } from '#server/db/schema/bets.ts';
import { friendRequests, friendships } from '#server/db/schema/friends.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { AppError } from '#server/lib/errors.ts';
import { writeNotifications } from '#server/lib/notify.ts';
import { areFriends } from '#server/lib/visibility.ts';

/** How lists show a user: the username as typed, never email or phone. */
export const userSummaryColumns = {
  id: users.id,
  name: users.name,
  username: displayUsernameColumn(),
  image: users.image,
};

// The friendship test is part of the visibility rule (server/lib/visibility.ts), which every feature uses.
export { areFriends };

const friendRow = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable() });

/**
 * Friends by name from the summary each friendship row carries (migration 0019, ADR 043): one
 * index-only range scan of friendship_by_name_idx, no lookup of the friends' user rows. Reading each
 * friend's row was ~3 buffers a friend, 5,100 for the user with 1,703 friends.
 * A page also counts all friends (an uncorrelated subquery, run once) for 'Friends (n)'.
 */
const friendsStatement = (name: string, page: 'first' | 'after' | 'all') =>
  preparedRows({
    name,
    keys: ['userId', 'afterName', 'afterId'],
    build: ({ userId, afterName, afterId }) => sql`
      select f.friend_id as id, f.friend_name as name, f.friend_username as username, f.friend_image as image
        ${page === 'all' ? sql`` : sql`, (select count(*) from friendship c where c.user_id = ${userId})::int as total`}
      from friendship f
      where f.user_id = ${userId} ${page === 'after' ? sql`and (f.friend_name, f.friend_id) > (${afterName}::text, ${afterId}::text)` : sql``}
      order by f.friend_name, f.friend_id
      ${page === 'all' ? sql`` : sql.raw(`limit ${FRIENDS_PAGE_SIZE + 1}`)}`,
    row: friendRow.extend({ total: z.number().optional() }),
  });
const allFriends = friendsStatement('friends_all', 'all');
const firstFriendsPage = friendsStatement('friends_page_first', 'first');
const laterFriendsPage = friendsStatement('friends_page_after', 'after');

const toSummary = (row: z.output<typeof friendRow>): UserSummary => ({ id: row.id, name: row.name, username: row.username, image: row.image });

/** Every friend, by name: for the friend picker, which searches them all. */
export async function listAllFriends(db: Db, userId: string): Promise<UserSummary[]> {
  return (await allFriends(db, { userId, afterName: '', afterId: '' })).map(toSummary);
}

/** A page of friends by name (the Friends tab), and how many there are in all. */
export async function listFriends(db: Db, userId: string, cursor?: FriendsCursor): Promise<FriendsPage> {
  const rows = cursor
    ? await laterFriendsPage(db, { userId, afterName: cursor.name, afterId: cursor.id })
    : await firstFriendsPage(db, { userId, afterName: '', afterId: '' });
  const items = rows.slice(0, FRIENDS_PAGE_SIZE).map(toSummary);
  const last = items.at(-1);
  const nextCursor = rows.length > FRIENDS_PAGE_SIZE && last ? encodeFriendsCursor({ name: last.name, id: last.id }) : null;
  // No rows after the cursor: the count is not known from this page, but no page asks for it then.
  return { items, nextCursor, total: rows[0]?.total ?? 0 };
}

export async function listIncomingRequests(db: Db, userId: string): Promise<FriendRequest[]> {
  const rows = await db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, requester: userSummaryColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.requesterId))
    .where(and(eq(friendRequests.requestedId, userId), eq(friendRequests.status, 'pending')))
    .orderBy(sql`${friendRequests.createdAt} desc`);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The ids of the user's friends: whom a change to their name or photo is announced to. */
export async function friendIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: friendships.friendId }).from(friendships).where(eq(friendships.userId, userId));
  return rows.map((row) => row.id);
}

/** The requests I sent that are still pending, newest first: the Requests tab's 'Sent' list. */
export async function listSentRequests(db: Db, userId: string): Promise<SentFriendRequest[]> {
  const rows = await db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, requested: userSummaryColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.requestedId))
    .where(and(eq(friendRequests.requesterId, userId), eq(friendRequests.status, 'pending')))
    .orderBy(sql`${friendRequests.createdAt} desc`);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The viewer's relationship to another user, and the pending request between them if any. */
export async function relationshipWith(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<{ relationship: Relationship; requestId: string | null }> {
  if (viewerId === otherId) return { relationship: 'self', requestId: null };
  if (await areFriends(db, viewerId, otherId)) return { relationship: 'friend', requestId: null };
  const [pending] = await db
    .select({ id: friendRequests.id, requesterId: friendRequests.requesterId })
    .from(friendRequests)
    .where(and(eq(friendRequests.status, 'pending'), pairOf(viewerId, otherId)))
    .limit(1);
  if (!pending) return { relationship: 'none', requestId: null };
  return { relationship: pending.requesterId === viewerId ? 'request_sent' : 'request_received', requestId: pending.id };
}

function pairOf(a: string, b: string) {
  return or(
    and(eq(friendRequests.requesterId, a), eq(friendRequests.requestedId, b)),
    and(eq(friendRequests.requesterId, b), eq(friendRequests.requestedId, a)),
  );
}

/**
 * Serializes every change to one pair's requests, friendship and new bets for
 * the rest of the transaction: checks like "already friends?" stay true until commit.
 */
export async function lockPair(tx: Db, a: string, b: string) {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`friend-pair:${low}:${high}`}, 0))`);
}

async function insertFriendship(tx: Db, a: string, b: string) {
  await tx
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

/**
 * Makes two users friends inside the caller's transaction, without a request
 * (a challenge link taken is both people's consent); a pending request between
 * them is answered by it. Returns whether they were not friends before.
 */
export async function befriend(tx: Db, a: string, b: string): Promise<boolean> {
  await lockPair(tx, a, b);
  if (await areFriends(tx, a, b)) return false;
  await tx.update(friendRequests).set({ status: 'accepted' }).where(and(eq(friendRequests.status, 'pending'), pairOf(a, b)));
  await insertFriendship(tx, a, b);
  return true;
}

/**
 * Sends a request; if the other user already asked the sender, accepts
 * theirs instead. One transaction, and the unique index on pending pairs
 * turns a lost race into a 409 rather than a duplicate.
 */
export async function sendFriendRequest(
  db: Db,
  requesterId: string,
  requestedId: string,
): Promise<{ status: 'pending' | 'accepted' }> {
  if (requesterId === requestedId) throw new AppError('VALIDATION_FAILED', "You can't add yourself as a friend.");
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, requestedId), eq(users.emailVerified, true)))
      .limit(1);
    if (!target) throw new AppError('NOT_FOUND', 'User not found.');
    await lockPair(tx, requesterId, requestedId);
    if (await areFriends(tx, requesterId, requestedId)) throw new AppError('CONFLICT', 'You are already friends.');

    const [theirs] = await tx
      .update(friendRequests)
      .set({ status: 'accepted' })
      .where(
        and(
          eq(friendRequests.requesterId, requestedId),
          eq(friendRequests.requestedId, requesterId),
          eq(friendRequests.status, 'pending'),
        ),
      )
      .returning({ id: friendRequests.id });
    if (theirs) {
      await insertFriendship(tx, requesterId, requestedId);
      await writeNotifications(tx, [{ userId: requestedId, type: 'friend_request_accepted', actorId: requesterId, betId: null }]);
      return { status: 'accepted' as const };
    }

    const inserted = await tx
      .insert(friendRequests)
      .values({ requesterId, requestedId })
      .onConflictDoNothing()
      .returning({ id: friendRequests.id });
    if (inserted.length === 0) throw new AppError('CONFLICT', 'Friend request already sent.');
    await writeNotifications(tx, [{ userId: requestedId, type: 'friend_request_received', actorId: requesterId, betId: null }]);
    return { status: 'pending' as const };
  });
}

/** Finds a request the user may act on, or says precisely why not (404/403/409). */
async function requireActionableRequest(tx: Db, requestId: string, userId: string) {
  const [request] = await tx.select().from(friendRequests).where(eq(friendRequests.id, requestId)).limit(1);
  if (!request || (request.requestedId !== userId && request.requesterId !== userId)) {
    throw new AppError('NOT_FOUND', 'Friend request not found.');
  }
  if (request.requestedId !== userId) throw new AppError('FORBIDDEN', 'Only the invited user can answer this request.');
  if (request.status !== 'pending') throw new AppError('CONFLICT', 'This friend request was already answered.');
  return request;
}

/** Returns who asked, so the route can tell them. */
export async function acceptFriendRequest(db: Db, userId: string, requestId: string): Promise<{ requesterId: string }> {
  return db.transaction(async (tx) => {
    const [pair] = await tx
      .select({ requesterId: friendRequests.requesterId, requestedId: friendRequests.requestedId })
      .from(friendRequests)
      .where(eq(friendRequests.id, requestId));
    if (pair) await lockPair(tx, pair.requesterId, pair.requestedId);
    const [accepted] = await tx
      .update(friendRequests)
      .set({ status: 'accepted' })
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.requestedId, userId), eq(friendRequests.status, 'pending')))
      .returning();
    if (!accepted) {
      await requireActionableRequest(tx, requestId, userId);
      throw new AppError('CONFLICT');
    }
    await insertFriendship(tx, accepted.requesterId, accepted.requestedId);
    await writeNotifications(tx, [{ userId: accepted.requesterId, type: 'friend_request_accepted', actorId: userId, betId: null }]);
    return { requesterId: accepted.requesterId };
  });
}

/** Returns who asked, so the route can tell them their request is gone. */
export async function declineFriendRequest(db: Db, userId: string, requestId: string): Promise<{ requesterId: string }> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(friendRequests)
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.requestedId, userId), eq(friendRequests.status, 'pending')))
      .returning({ requesterId: friendRequests.requesterId });
    if (!deleted) {
      await requireActionableRequest(tx, requestId, userId);
      throw new AppError('CONFLICT');
    }
    return { requesterId: deleted.requesterId };
  });
}

/**
 * The sender takes back a pending request: it is deleted, with the unread 'sent you a friend request' line
 * it left in the other user's inbox (a line they have read stays, as history). Returns who was asked.
 */
export async function cancelFriendRequest(db: Db, userId: string, requestId: string): Promise<{ requestedId: string }> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(friendRequests)
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.requesterId, userId), eq(friendRequests.status, 'pending')))
      .returning({ requestedId: friendRequests.requestedId });
    if (!deleted) {
      const [request] = await tx.select().from(friendRequests).where(eq(friendRequests.id, requestId)).limit(1);
      if (!request || (request.requestedId !== userId && request.requesterId !== userId)) {
        throw new AppError('NOT_FOUND', 'Friend request not found.');
      }
      if (request.requesterId !== userId) throw new AppError('FORBIDDEN', 'Only the sender can cancel this request.');
      throw new AppError('CONFLICT', 'This friend request was already answered.');
    }
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, deleted.requestedId),
          eq(notifications.actorId, userId),
          eq(notifications.type, 'friend_request_received'),
          eq(notifications.isRead, false),
        ),
      );
    return { requestedId: deleted.requestedId };
  });
}

export type CancelledBet = { id: string; createdBy: string; opponentId: string };

/**
 * Ends the friendship on both sides (ADR 007) and, in the same
 * transaction, deletes the pending bets between the two as a decline would:
 * bets are only between friends, so none may wait for an answer afterwards.
 * Active and completed bets stay, as the history of both.
 */
export async function removeFriend(db: Db, userId: string, friendId: string): Promise<{ cancelledBets: CancelledBet[] }> {
  return db.transaction(async (tx) => {
    await lockPair(tx, userId, friendId);
    const deleted = await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
          and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
        ),
      )
      .returning({ userId: friendships.userId });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 'You are not friends with this user.');
    const cancelledBets = await tx
      .delete(bets)
      .where(
        and(
          eq(bets.status, 'pending'),
          or(
            and(eq(bets.createdBy, userId), eq(bets.opponentId, friendId)),
            and(eq(bets.createdBy, friendId), eq(bets.opponentId, userId)),
          ),
        ),
      )
      .returning({ id: bets.id, createdBy: bets.createdBy, opponentId: bets.opponentId });
    return { cancelledBets };
  });
}

const searchRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  sent: z.boolean(),
  received: z.boolean(),
});

/**
 * One search pass (ADR 040): `match` picks the users, `order` ranks them. Planned for each term: a
 * generic plan cannot take the username index range from a LIKE pattern it does not know (it read
 * 56,000 buffers instead of 25 at 100k users).
 */
const searchPass = (name: string, match: (term: Placeholder<'term'>) => SQL, order: SQL) =>
  preparedRows({
    name,
    keys: ['viewerId', 'term', 'limit', 'excludeIds'],
    reusePlan: false,
    build: ({ viewerId, term, limit, excludeIds }) => sql`
      select u.id, u.name, ${displayUsername('u')} as username, u.image,
        exists (select 1 from friend_request r where r.status = 'pending' and r.requester_id = ${viewerId} and r.requested_id = u.id) as sent,
        exists (select 1 from friend_request r where r.status = 'pending' and r.requester_id = u.id and r.requested_id = ${viewerId}) as received
      from "user" u
      where ${match(term)}
        and u.id <> ${viewerId}
        and u.email_verified
        and not exists (select 1 from friendship f where f.user_id = ${viewerId} and f.friend_id = u.id)
        and u.id <> all(${excludeIds}::text[])
      order by ${order}
      limit ${limit}`,
    row: searchRow,
  });
const byUsername = sql`u.username collate "C"`;
const searchByPhone = searchPass('user_search_phone', (term) => sql`u.phone = ${term}`, sql`u.id`);
const searchByUsernamePrefix = searchPass('user_search_username', (term) => sql`${byUsername} like ${term}`, byUsername);
// Served by user_username_trgm_idx (GIN, pg_trgm): the plain column, as the index was built on it.
const searchByUsernameInfix = searchPass('user_search_username_infix', (term) => sql`u.username like ${term}`, byUsername);

/** pg_trgm needs a trigram to narrow a '%term%' match: shorter terms would read the whole index. */
const INFIX_MIN_LENGTH = 3;

/**
 * Finds people to add (ADR 016, ADR 051): the owner of a complete phone number
 * first, then usernames starting with the term, then usernames containing it
 * ('crossing' finds 'Zebra_Crossing'), case-insensitively (usernames are stored
 * lower-cased; the display form keeps the user's capitals); never the viewer,
 * their friends or unverified users, and at most 10. Prefix matches are read in
 * order from a C-collated index, so a short term costs 10 index entries rather
 * than a scan of every user; infix matches come from the trigram index, for
 * terms of 3 characters or more.
 */
export async function searchUsers(db: Db, viewerId: string, term: string): Promise<SearchResult[]> {
  const lowered = term.trim().toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const phone = phoneSearchDigits(lowered);
  const passes = [
    ...(phone ? [{ statement: searchByPhone, term: phone }] : []),
    { statement: searchByUsernamePrefix, term: prefix },
    ...(lowered.length >= INFIX_MIN_LENGTH ? [{ statement: searchByUsernameInfix, term: `%${escapeLike(lowered)}%` }] : []),
  ];
  const rows: z.output<typeof searchRow>[] = [];
  for (const pass of passes) {
    if (rows.length >= SEARCH_LIMIT) break;
    const excludeIds = rows.map((row) => row.id);
    rows.push(...(await pass.statement(db, { viewerId, term: pass.term, limit: SEARCH_LIMIT - rows.length, excludeIds })));
  }
  return rows.map(({ sent, received, ...user }) => ({
    ...user,
    relationship: sent ? 'request_sent' : received ? 'request_received' : 'none',
  }));
}
