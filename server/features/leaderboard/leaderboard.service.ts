import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { assignRanks, LEADERBOARD_SIZE, LEADERBOARD_WINDOW_DAYS, type LeaderboardEntry } from '#domain/feed.ts';
import type { Db } from '#server/db/client.ts';
import { preparedRows } from '#server/db/prepared.ts';
import { displayUsername } from '#server/db/query.ts';

const row = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable(), wins: z.number() });

// Literals, so a generic plan knows how many rows the top 10 needs.
const WINDOW_DAYS = sql.raw(String(LEADERBOARD_WINDOW_DAYS));
const CUTOFF_OFFSET = sql.raw(String(LEADERBOARD_SIZE - 1));
const SIZE = sql.raw(String(LEADERBOARD_SIZE));

/*
 * Named (ADR 040, 042): its generic plan was checked at 100k users with force_generic_plan: the same
 * plan and buffers as a custom one for a typical user (164) and the user with 1,703 friends (18,743),
 * without the 0.4–1.6 ms of planning per call.
 */
const leaderboardStatement = preparedRows({
  name: 'weekly_leaderboard',
  keys: ['viewerId'],
  build: ({ viewerId }) => sql`
      with people as (
        select ${viewerId}::text as id
        union
        select f.friend_id from friendship f where f.user_id = ${viewerId}
      ),
      bet_wins as (
        select p.id, count(*)::int as wins
        from people p
        join bet b on b.winner_id = p.id and b.status = 'completed'
          and b.completed_at > now() - make_interval(days => ${WINDOW_DAYS})
        group by p.id
      ),
      pot_wins as (
        select p.id, count(*)::int as wins
        from people p
        join pot_entry e on e.user_id = p.id
        join pot pt on pt.id = e.pot_id and pt.status = 'decided' and e.payout > pt.stake
          and pt.decided_at > now() - make_interval(days => ${WINDOW_DAYS})
        group by p.id
      ),
      wins as (
        select w.id, sum(w.wins)::int as wins
        from (select * from bet_wins union all select * from pot_wins) w
        group by w.id
      ),
      cutoff as (select wins from wins order by wins desc offset ${CUTOFF_OFFSET} limit 1)
      select u.id, u.name, ${displayUsername('u')} as username, u.image, w.wins
      from wins w join "user" u on u.id = w.id
      where w.wins >= coalesce((select wins from cutoff), 0)
      order by w.wins desc, u.name, u.id
      limit ${SIZE}`,
  row,
});

/**
 * The viewer and their friends, ranked by bets won that were completed in the
 * last 7 days (ADR 013) plus pots won that were decided in them (got back more than the stake, ADR 059);
 * top 10 by wins, then name. Pot wins are read per person on pot_entry_user_idx.
 *
 * Wins are counted per person on bet_winner_recent_idx (one short index-only probe each: for the
 * user with 1,703 friends at 100k users ~5,600 buffers; walking all completions of the last 7 days
 * instead would read ~280,000 index entries). Names are read only for the people who can still
 * reach the top 10 (wins ≥ the 10th best): joining all 1,518 winners to "user" before the top-N
 * cost another ~6,000 buffers. `people` is a UNION, not UNION ALL, though nobody is
 * their own friend: with UNION ALL the planner chose a parallel plan for that user, whose workers'
 * start-up made it slower on two busy cores (30 vs 20 ms, same buffers).
 */
export async function getWeeklyLeaderboard(db: Db, viewerId: string): Promise<LeaderboardEntry[]> {
  const rows = await leaderboardStatement(db, { viewerId });
  return assignRanks(rows).map(({ rank, wins, ...user }) => ({ rank, wins, user }));
}
