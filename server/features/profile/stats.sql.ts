import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAY_WITHIN_DAYS, type PayerRecord } from '#domain/stats.ts';
import { loserStake } from '#server/lib/stakes.sql.ts';

const payWindow = sql.raw(`interval '${PAY_WITHIN_DAYS} days'`);

/**
 * The user's decided pots as results beside their bets (ADR 059): a win when they got back more than the
 * stake, a loss when less, and no row when every stake was returned. `amount` is what they won or lost;
 * a loss is paid when every payment of theirs in the pot is sent (`paid_at` the last one), and `owed` is
 * what is still unsent. Read through pot_entry_user_idx and pot_payment_pot_idx.
 */
function potResultsOf(userId: SQL): SQL {
  return sql`
          select
            (e.payout > p.stake) as won,
            abs(e.payout - p.stake) as amount, coalesce(pay.owed, 0) as owed,
            coalesce(pay.all_sent, true) as payment_sent, pay.paid_at, p.decided_at as completed_at, p.id
          from pot_entry e
          join pot p on p.id = e.pot_id and p.status = 'decided'
          left join lateral (
            select bool_and(pp.sent_at is not null) as all_sent, max(pp.sent_at) as paid_at,
              sum(pp.amount) filter (where pp.sent_at is null)::int as owed
            from pot_payment pp
            where pp.pot_id = p.id and pp.payer_id = ${userId}
          ) pay on true
          where e.user_id = ${userId} and e.payout <> p.stake`;
}

/**
 * A lateral subquery aggregating one user's completed bets and decided pots: wins, losses,
 * net amount and the run of identical results ending at the latest one.
 * In the leading run a row's overall rank equals its rank among rows with
 * the same result; after the first change it never does again.
 */
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
        coalesce(sum(r.owed) filter (where not r.won and not r.payment_sent), 0)::int as unpaid
      from (
        select x.*,
          row_number() over (order by x.completed_at desc, x.id desc) as rn,
          row_number() over (partition by x.won order by x.completed_at desc, x.id desc) as rn_same
        from (
          select
            (b.winner_id = ${userId}) as won,
            -- What the loser risked (ADR 062) is what changes hands.
            ${loserStake('b')} as amount, ${loserStake('b')} as owed, b.payment_sent, b.paid_at, b.completed_at, b.id
          from bet b
          where b.status = 'completed' and (b.created_by = ${userId} or b.opponent_id = ${userId})
          union all
          ${potResultsOf(userId)}
        ) x
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
