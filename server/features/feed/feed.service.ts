import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEED_PAGE_SIZE, type FeedBet, type FeedItem } from '#domain/feed.ts';
import { feedPotSchema, potResultText, potState, type FeedPot } from '#domain/pots.ts';
import { encodeCursor, type Cursor, type Page } from '#domain/pagination.ts';
import type { Db } from '#server/db/client.ts';
import { preparedRows } from '#server/db/prepared.ts';
import { displayUsernameOf } from '#server/db/query.ts';

export const party = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable(), venmoHandle: z.string() });
export const timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString());
export const feedRow = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number(),
  creator_stake: z.number(),
  opponent_stake: z.number(),
  status: z.enum(['pending', 'active', 'completed']),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  creator: party,
  opponent: party,
  winner: party.nullable(),
  comment_count: z.number(),
  like_count: z.number(),
  liked_by_me: z.boolean(),
});

/** A pot's card as the feed reads it (alias `pt`, its creator `pc`); state and result are derived in TS. */
export const feedPotRow = z.object({
  id: z.string(),
  question: z.string(),
  stake: z.number(),
  status: feedPotSchema.shape.status,
  closesAt: timestamp.nullable(),
  outcome: feedPotSchema.shape.outcome,
  winningLabel: z.string().nullable(),
  resultNumber: z.union([z.number(), z.string()]).transform(Number).nullable(),
  createdAt: timestamp,
  entrantCount: z.number(),
  creator: party,
  commentCount: z.number(),
  likeCount: z.number(),
  likedByMe: z.boolean(),
});

/**
 * The feed's statement returns bets as columns and pots as one json column (`kind` says which), so a bet
 * row is parsed exactly as before.
 */
const feedItemRow = z.discriminatedUnion('kind', [
  feedRow.extend({ kind: z.literal('b') }),
  z.object({ kind: z.literal('p'), now: timestamp, pot: feedPotRow }),
]);

export function toFeedPot(pot: z.output<typeof feedPotRow>, now: string): FeedPot {
  return {
    type: 'pot',
    id: pot.id,
    question: pot.question,
    stake: pot.stake,
    entrantCount: pot.entrantCount,
    status: potState({ status: pot.status, closesAt: pot.closesAt, now }),
    outcome: pot.outcome,
    result: potResultText(pot),
    createdAt: pot.createdAt,
    creator: pot.creator,
    commentCount: pot.commentCount,
    likeCount: pot.likeCount,
    likedByMe: pot.likedByMe,
  };
}

/** The pot card's json (alias `pt`), with counts on indexed keys as the bet columns have. */
export function feedPotJsonSql(viewerId: unknown) {
  return sql`json_build_object('id', pt.id, 'question', pt.question, 'stake', pt.stake, 'status', pt.status,
    'closesAt', pt.closes_at, 'outcome', pt.outcome, 'resultNumber', pt.result_number, 'createdAt', pt.created_at,
    'winningLabel', (select o.label from pot_option o where o.id = pt.result_option_id),
    'entrantCount', (select count(*) from pot_entry e where e.pot_id = pt.id),
    'creator', ${partyJson('pc')},
    'commentCount', (select count(*) from pot_comment pcm where pcm.pot_id = pt.id),
    'likeCount', (select count(*) from pot_like pl where pl.pot_id = pt.id),
    'likedByMe', exists (select 1 from pot_like pl where pl.pot_id = pt.id and pl.user_id = ${viewerId}))`;
}

export const partyJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'username', ${displayUsernameOf(alias)}, 'image', ${alias}.image, 'venmoHandle', ${alias}.venmo_handle)`,
  );

/**
 * How friends' bets are found. `friends`: each friend's newest bets (one index probe per friend).
 * `recent`: all bets newest first, kept when their creator is a friend, until a page is full.
 * `auto` picks `recent` when friends² > 0.8 × all bets: probing 1,703 friends cost ~5,100 buffers
 * (p50 34 ms at 100k users), walking the newest bets until 21 were a friend's ~2,500 (3 ms); for a
 * user with 14 friends the walk would cross ~50,000 bets. The bet count is the planner's estimate
 * (pg_class.reltuples), so the choice costs no scan. Tests force each strategy to compare them.
 */
export type FeedStrategy = 'auto' | 'friends' | 'recent';

/**
 * One page of the feed in one statement. The visible set is a union of
 * index-ordered scans, each stopped after a page: the viewer's own bets, bets
 * against the viewer, and friends' newest bets (see FeedStrategy; the branch not
 * chosen is a one-time filter that never runs). Counts come along as correlated
 * subqueries on indexed keys, so there is no per-bet round trip.
 */
export async function getFeedPage(
  db: Db,
  viewerId: string,
  cursor: Cursor | undefined,
  strategy: FeedStrategy = 'auto',
): Promise<Page<FeedItem>> {
  const values = {
    viewerId,
    forceWalkRecent: strategy === 'auto' ? null : strategy === 'recent',
    cursorAt: cursor ? new Date(cursor.createdAt) : null,
    cursorId: cursor?.id ?? null,
  };
  const rows = await (cursor ? feedPageAfter : feedFirstPage)(db, values);
  const items = rows
    .slice(0, FEED_PAGE_SIZE)
    .map((row): FeedItem => (row.kind === 'b' ? toFeedBet(row) : toFeedPot(row.pot, row.now)));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

const feedKeys = ['viewerId', 'forceWalkRecent', 'cursorAt', 'cursorId'] as const;

/** The first page and the next ones are two statements, so each plan keeps its own index bounds. */
const feedPageStatement = (name: string, isAfterCursor: boolean) =>
  preparedRows({
    name,
    keys: feedKeys,
    build: ({ viewerId, forceWalkRecent, cursorAt, cursorId }) => {
      // A literal, so a generic plan knows how few rows each branch needs.
      const limit = sql.raw(String(FEED_PAGE_SIZE + 1));
      const before = isAfterCursor ? sql`and (b.created_at, b.id) < (${cursorAt}::timestamptz, ${cursorId}::uuid)` : sql``;
      const potBefore = isAfterCursor ? sql`and (p.created_at, p.id) < (${cursorAt}::timestamptz, ${cursorId}::uuid)` : sql``;
      // reltuples is -1 until the table is first analyzed: then the probes, which are never a disaster.
      const walkRecent = sql`coalesce(${forceWalkRecent}::boolean, (select reltuples >= 0
          and (select count(*) from friendship where user_id = ${viewerId})::float8 ^ 2 > 0.8 * reltuples
        from pg_class where oid = 'bet'::regclass))`;
      // The walk checks friendship with a scalar subquery, not EXISTS, which the planner can turn into a join:
      // the generic plan (named statement, ADR 040) then read all 1,703 friends' bets and sorted them (172 ms).
      // Pots (ADR 060): the viewer's own (pot_creator_idx), refereed (pot_referee_idx), invited to
      // (pot_invite_user_idx) or entered (pot_entry_user_idx), each branch stopped after a page; entrants
      // are invitees or the creator, the entry branch only keeps that rule from being load-bearing here.
      return sql`
      with strategy as (select ${walkRecent} as walk_recent),
      visible as (
        (select b.id, b.created_at, 'b' as kind from bet b where b.created_by = ${viewerId} ${before}
          order by b.created_at desc, b.id desc limit ${limit})
        union
        (select b.id, b.created_at, 'b' from bet b where b.opponent_id = ${viewerId} ${before}
          order by b.created_at desc, b.id desc limit ${limit})
        union
        (select fb.id, fb.created_at, 'b' from friendship f
          cross join lateral (
            select b.id, b.created_at from bet b where b.created_by = f.friend_id ${before}
            order by b.created_at desc, b.id desc limit ${limit}
          ) fb
          where f.user_id = ${viewerId} and not (select walk_recent from strategy))
        union
        (select b.id, b.created_at, 'b' from bet b
          where (select walk_recent from strategy) ${before}
            and (select true from friendship f where f.user_id = ${viewerId} and f.friend_id = b.created_by)
          order by b.created_at desc, b.id desc limit ${limit})
        union
        (select p.id, p.created_at, 'p' from pot p where p.creator_id = ${viewerId} ${potBefore}
          order by p.created_at desc, p.id desc limit ${limit})
        union
        (select p.id, p.created_at, 'p' from pot p where p.referee_id = ${viewerId} ${potBefore}
          order by p.created_at desc, p.id desc limit ${limit})
        union
        (select p.id, p.created_at, 'p' from pot_invite i join pot p on p.id = i.pot_id
          where i.user_id = ${viewerId} ${potBefore}
          order by p.created_at desc, p.id desc limit ${limit})
        union
        (select p.id, p.created_at, 'p' from pot_entry e join pot p on p.id = e.pot_id
          where e.user_id = ${viewerId} ${potBefore}
          order by p.created_at desc, p.id desc limit ${limit})
      ),
      page as (select id, created_at, kind from visible order by created_at desc, id desc limit ${limit})
      select p.kind, now() as now, b.id, b.description, b.amount, b.creator_stake, b.opponent_stake, b.status, b.created_at, b.completed_at,
        case when c.id is null then null else ${partyJson('c')} end as creator,
        case when o.id is null then null else ${partyJson('o')} end as opponent,
        case when w.id is null then null else ${partyJson('w')} end as winner,
        (select count(*) from comment cm where cm.bet_id = b.id)::int as comment_count,
        (select count(*) from bet_like l where l.bet_id = b.id)::int as like_count,
        exists (select 1 from bet_like l where l.bet_id = b.id and l.user_id = ${viewerId}) as liked_by_me,
        case when pt.id is null then null else ${feedPotJsonSql(viewerId)} end as pot
      from page p
      left join bet b on p.kind = 'b' and b.id = p.id
      left join "user" c on c.id = b.created_by
      left join "user" o on o.id = b.opponent_id
      left join "user" w on w.id = b.winner_id
      left join pot pt on p.kind = 'p' and pt.id = p.id
      left join "user" pc on pc.id = pt.creator_id
      order by p.created_at desc, p.id desc`;
    },
    row: feedItemRow,
  });
const feedFirstPage = feedPageStatement('feed_page', false);
const feedPageAfter = feedPageStatement('feed_page_after', true);

export function toFeedBet(row: z.output<typeof feedRow>): FeedBet {
  return {
    id: row.id,
    creator: row.creator,
    opponent: row.opponent,
    winner: row.winner,
    description: row.description,
    amount: row.amount,
    creatorStake: row.creator_stake,
    opponentStake: row.opponent_stake,
    status: row.status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    commentCount: row.comment_count,
    likeCount: row.like_count,
    likedByMe: row.liked_by_me,
  };
}
