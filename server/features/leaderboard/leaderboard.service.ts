import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { assignRanks, LEADERBOARD_SIZE, LEADERBOARD_WINDOW_DAYS, type LeaderboardEntry } from '../../../domain/feed.ts';
import type { Db } from '../../db/client.ts';
import { displayUsername, queryRows } from '../../db/query.ts';

const row = z.object({ id: z.string(), name: z.string(), username: z.string(), image: z.string().nullable(), wins: z.number() });

/**
 * The viewer and their friends, ranked by bets won that were completed in the
 * last 7 days (ADR 013); top 10 by wins, then name.
 */
export async function getWeeklyLeaderboard(db: Db, viewerId: string): Promise<LeaderboardEntry[]> {
  const rows = await queryRows(
    db,
    sql`
      with people as (
        select ${viewerId}::text as id
        union
        select f.friend_id from friendship f where f.user_id = ${viewerId}
      ),
      wins as (
        select p.id, count(*)::int as wins
        from people p
        join bet b on b.winner_id = p.id and b.status = 'completed'
          and b.completed_at > now() - make_interval(days => ${LEADERBOARD_WINDOW_DAYS})
        group by p.id
      )
      select u.id, u.name, ${displayUsername('u')} as username, u.image, w.wins
      from wins w join "user" u on u.id = w.id
      order by w.wins desc, u.name, u.id
      limit ${LEADERBOARD_SIZE}`,
    row,
  );
  return assignRanks(rows).map(({ rank, wins, ...user }) => ({ rank, wins, user }));
}
