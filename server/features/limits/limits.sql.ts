import { sql, type SQL } from 'drizzle-orm';
import { LOSS_WINDOW_DAYS } from '#domain/limits.ts';

/**
 * The one SQL home of "what a new bet of this user is added to" (ADR 029):
 * this week's losses (the user's stake on bets lost, ADR 062, resolved in the last 7 × 24 hours, paid or
 * not) plus the user's stakes of every bet that can still cost the user money without
 * another choice of theirs: active bets (disputed ones included), pending bets
 * they placed, their open challenge links, the stakes of undecided pots they entered, and what they
 * pay from pots decided this week (ADR 054). A pending bet offered *to* them
 * is not theirs until they accept it, and is checked then. Each branch reads
 * one partial index; the branches are disjoint, so nothing counts twice.
 */
export function committedSql(userId: string): SQL<number> {
  const window = sql`now() - make_interval(days => ${LOSS_WINDOW_DAYS})`;
  return sql<number>`(select coalesce(sum(amount), 0)::integer from (
    select creator_stake as amount from bet where created_by = ${userId} and not payment_confirmed and status in ('pending', 'active')
    union all
    select opponent_stake from bet where opponent_id = ${userId} and not payment_confirmed and status = 'active'
    union all
    select creator_stake from bet where created_by = ${userId} and status = 'completed' and completed_at > ${window} and winner_id <> ${userId}
    union all
    select opponent_stake from bet where opponent_id = ${userId} and status = 'completed' and completed_at > ${window} and winner_id <> ${userId}
    union all
    select amount from challenge where creator_id = ${userId} and taken_by is null and cancelled_at is null and expires_at > now()
    union all
    select p.stake from pot_entry e join pot p on p.id = e.pot_id where e.user_id = ${userId} and p.status in ('open', 'closed', 'awaiting')
    union all
    select pp.amount from pot_payment pp join pot p on p.id = pp.pot_id where pp.payer_id = ${userId} and p.decided_at > ${window}
  ) as committed)`;
}
