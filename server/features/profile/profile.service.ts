import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CARD_FRIENDS_SHOWN,
  CARD_RECENT_BETS_SHOWN,
  PROFILE_FRIENDS_SHOWN,
  type MyProfile,
  type ProfileScreen,
  type UpdateProfileInput,
  type UserCard,
} from '#domain/profiles.ts';
import { deriveStats } from '#domain/stats.ts';
import type { Db } from '#server/db/client.ts';
import { preparedRow } from '#server/db/prepared.ts';
import { displayUsername, displayUsernameColumn, displayUsernameOf, queryOne } from '#server/db/query.ts';
import { users } from '#server/db/schema/auth.ts';
import { AppError } from '#server/lib/errors.ts';
import { canSeeBet } from '#server/lib/visibility.ts';
import { relationshipWith } from '../friends/friends.service.ts';
import { statsColumns, statsLateral, statsRow, toAggregate, toPayerRecord } from './stats.sql.ts';

const summaryJson = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable() });
const timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString());

const profileRow = statsRow.extend({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  venmo_handle: z.string(),
  cashtag: z.string().nullable(),
  paypal_me: z.string().nullable(),
  created_at: timestamp,
  pending_requests: z.number(),
  friends: z.array(summaryJson),
});

const profileStatement = preparedRow({
  name: 'profile_screen',
  keys: ['userId'],
  build: ({ userId }) => sql`
    select u.id, u.name, ${displayUsername('u')} as username, u.image, u.email, u.phone,
      u.venmo_handle, u.cashtag, u.paypal_me, u.created_at, ${statsColumns},
      (select count(*) from friend_request fr where fr.requested_id = u.id and fr.status = 'pending')::int as pending_requests,
      (select coalesce(json_agg(f order by f.name, f.id), '[]'::json) from (
        select fu.id, fu.name, ${displayUsername('fu')} as username, fu.image
        from friendship fs join "user" fu on fu.id = fs.friend_id
        where fs.user_id = u.id
        order by fu.name, fu.id
        limit ${PROFILE_FRIENDS_SHOWN}
      ) f) as friends
    from "user" u
    ${statsLateral(sql`${userId}`)}
    where u.id = ${userId}`,
  row: profileRow,
});

/** Everything the /profile screen shows, in one statement. */
export async function getProfileScreen(db: Db, userId: string): Promise<ProfileScreen> {
  const row = await profileStatement(db, { userId });
  if (!row) throw new AppError('NOT_FOUND', 'Profile not found.');
  const stats = deriveStats(toAggregate(row));
  return {
    profile: {
      id: row.id,
      name: row.name,
      username: row.username,
      image: row.image,
      email: row.email,
      phone: row.phone,
      venmoHandle: row.venmo_handle,
      cashtag: row.cashtag,
      paypalMe: row.paypal_me,
      createdAt: row.created_at,
    },
    stats,
    payerRecord: toPayerRecord(row),
    friends: { items: row.friends, total: stats.friendsCount },
    pendingRequestCount: row.pending_requests,
  };
}

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<MyProfile> {
  const username = input.username.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('USERNAME_TAKEN');
  try {
    const [updated] = await db
      .update(users)
      .set({
        name: input.name,
        username,
        displayUsername: input.username,
        phone: input.phone,
        venmoHandle: input.venmoHandle,
        // Absent: a client that does not know these fields leaves them as they are.
        ...(input.cashtag === undefined ? {} : { cashtag: input.cashtag }),
        ...(input.paypalMe === undefined ? {} : { paypalMe: input.paypalMe }),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'Profile not found.');
    return {
      id: updated.id,
      name: updated.name,
      username: updated.displayUsername ?? updated.username,
      image: updated.image,
      email: updated.email,
      phone: updated.phone,
      venmoHandle: updated.venmoHandle,
      cashtag: updated.cashtag,
      paypalMe: updated.paypalMe,
      createdAt: updated.createdAt.toISOString(),
    };
  } catch (error) {
    // Two users racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === '23505';
}

const cardRow = statsRow.extend({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  created_at: timestamp,
  friends: z.array(summaryJson.extend({ is_friend: z.boolean(), sent: z.boolean(), received: z.boolean() })),
  bets: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      amount: z.number(),
      creator_stake: z.number(),
      opponent_stake: z.number(),
      status: z.enum(['pending', 'active', 'completed']),
      winner_id: z.string().nullable(),
      created_at: timestamp,
      creator: summaryJson,
      opponent: summaryJson,
    }),
  ),
  bets_total: z.number(),
});

/**
 * The user profile dialog. Statistics, friends and bets are read only when
 * the viewer is that user's friend (or that user): a stranger's card carries
 * none of them, whatever the client asks for.
 */
export async function getUserCard(db: Db, viewerId: string, userId: string): Promise<UserCard> {
  const { relationship, requestId } = await relationshipWith(db, viewerId, userId);
  const [user] = await db
    .select({ id: users.id, name: users.name, username: displayUsernameColumn(), image: users.image, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.emailVerified, true)))
    .limit(1);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const base = {
    user: { id: user.id, name: user.name, username: user.username, image: user.image, joinedAt: user.createdAt.toISOString() },
    relationship,
    requestId,
  };
  if (relationship !== 'friend' && relationship !== 'self') return base;

  // A bet of theirs is shown when the viewer could see it in the feed: the
  // same rule as the feed and the bet page (canSeeBet).
  // The user's id goes in as a parameter rather than the outer u.id, so the
  // planner estimates these scans from statistics instead of guessing.
  const visibleBets = sql`
    from bet b
    where (b.created_by = ${userId} or b.opponent_id = ${userId})
      and ${canSeeBet(viewerId, 'b')}`;
  const summary = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'username', ${displayUsernameOf(alias)}, 'image', ${alias}.image)`);

  const row = await queryOne(
    db,
    sql`
      select u.id, u.name, ${displayUsername('u')} as username, u.image, u.created_at, ${statsColumns},
        (select coalesce(json_agg(f order by f.name, f.id), '[]'::json) from (
          select fu.id, fu.name, ${displayUsername('fu')} as username, fu.image,
            exists (select 1 from friendship mine where mine.user_id = ${viewerId} and mine.friend_id = fu.id) as is_friend,
            exists (select 1 from friend_request r where r.status = 'pending' and r.requester_id = ${viewerId} and r.requested_id = fu.id) as sent,
            exists (select 1 from friend_request r where r.status = 'pending' and r.requester_id = fu.id and r.requested_id = ${viewerId}) as received
          from friendship fs join "user" fu on fu.id = fs.friend_id
          where fs.user_id = u.id
          order by fu.name, fu.id
          limit ${CARD_FRIENDS_SHOWN}
        ) f) as friends,
        (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json) from (
          -- Pick the newest few first, then join their parties: not the other way round.
          select b.id, b.description, b.amount, b.creator_stake, b.opponent_stake, b.status, b.winner_id, b.created_at,
            ${summary('c')} as creator, ${summary('o')} as opponent
          from (select b.* ${visibleBets} order by b.created_at desc, b.id desc limit ${CARD_RECENT_BETS_SHOWN}) b
          join "user" c on c.id = b.created_by
          join "user" o on o.id = b.opponent_id
        ) x) as bets,
        (select count(*) ${visibleBets})::int as bets_total
      from "user" u
      ${statsLateral(sql`${userId}`)}
      where u.id = ${userId}`,
    cardRow,
  );
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  const stats = deriveStats(toAggregate(row));
  return {
    ...base,
    stats,
    payerRecord: toPayerRecord(row),
    friends: {
      items: row.friends.map(({ is_friend, sent, received, ...friend }) => ({
        ...friend,
        relationship:
          friend.id === viewerId ? 'self' : is_friend ? 'friend' : sent ? 'request_sent' : received ? 'request_received' : 'none',
      })),
      total: stats.friendsCount,
    },
    recentBets: {
      items: row.bets.map((bet) => ({
        id: bet.id,
        creator: bet.creator,
        opponent: bet.opponent,
        description: bet.description,
        amount: bet.amount,
        creatorStake: bet.creator_stake,
        opponentStake: bet.opponent_stake,
        status: bet.status,
        winnerId: bet.winner_id,
        createdAt: bet.created_at,
      })),
      total: row.bets_total,
    },
  };
}
