import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAY_WITHIN_DAYS, type PayerRecord } from '#domain/stats.ts';
import { loserStake } from '#server/lib/stakes.sql.ts';

/**
 * A lateral subquery aggregating one user's completed bets: wins, losses,
 * net amount and the run of identical results ending at the latest one.
 * In the leading run a row's overall rank equals its rank among rows with
 * the same result; after the first change it never does again.
 */
const payWindow = sql.raw(`interval '${PAY_WITHIN_DAYS} days'`);

export function statsLateral(userId: SQL): SQL {
  return sql`
    left join lateral (
      select
        (count(*) filter (where r.won))::int as wins,
        (count(*) filter (where not r.won))::int as losses,
        coalesce(sum(case when r.won then r.amount else -r.amount end), 0)::int as net,
        (count(*) filter (where r.rn = r.rn_same))::int as streak_length,
        bool_or(r.won) filter (where r.rn = 1) as latest_won,
        -- The payer record: lost bets resolved over 3 days ago or already paid,
        -- those marked paid within 3 days of resolution, and what is still unpaid.
        (count(*) filter (where not r.won and (r.payment_sent or r.completed_at < now() - ${payWindow})))::int as pay_total,
        (count(*) filter (where not r.won and r.payment_sent and r.paid_at <= r.completed_at + ${payWindow}))::int as pay_on_time,
        coalesce(sum(r.amount) filter (where not r.won and not r.payment_sent), 0)::int as unpaid
      from (
        select
          (b.winner_id = ${userId}) as won,
          ${loserStake('b')} as amount, b.payment_sent, b.paid_at, b.completed_at,
          row_number() over (order by b.completed_at desc, b.id desc) as rn,
          row_number() over (partition by (b.winner_id = ${userId}) order by b.completed_at desc, b.id desc) as rn_same
        from bet b
        where b.status = 'completed' and (b.created_by = ${userId} or b.opponent_id = ${userId})
      ) r
    ) s on true`;
}

export const statsColumns = sql`s.wins, s.losses, s.net, s.streak_length, s.latest_won, s.pay_total, s.pay_on_time, s.unpaid,
  (select count(*) from friendship fc where fc.user_id = u.id)::int as friends_count`;

export const statsRow = z.object({
  wins: z.number(),
  losses: z.number(),
  net: z.number(),
  streak_length: z.number(),
  latest_won: z.boolean().nullable(),
  friends_count: z.number(),
  pay_total: z.number(),
  pay_on_time: z.number(),
  unpaid: z.number(),
});

export function toPayerRecord(row: z.output<typeof statsRow>): PayerRecord {
  return { onTime: row.pay_on_time, total: row.pay_total, unpaid: row.unpaid };
}

export function toAggregate(row: z.output<typeof statsRow>) {
  return {
    wins: row.wins,
    losses: row.losses,
    net: row.net,
    streakLength: row.streak_length,
    latestWon: row.latest_won,
    friendsCount: row.friends_count,
  };
}
