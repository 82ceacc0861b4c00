import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { pendingWaitsOn } from '#server/lib/stakes.sql.ts';

/**
 * The one home of "this bet waits on the user" in SQL (the same rule as
 * domain/bets.ts `waitingReason`): the red dot and the inbox's 'Waiting on
 * You' both read it. `b` is the bet table's alias in the surrounding query.
 * The caller restricts to bets the user is a party of. A bet paid in a
 * settle-up payment waits on nobody: its settlement waits on the payee
 * (`settlementWaitsOn`).
 */
export function betWaitsOn(userId: string | Placeholder, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`(
    ${pendingWaitsOn(userId, b)}
    or (${col('status')} = 'active' and ${col('void_requested_by')} is not null and ${col('void_requested_by')} <> ${userId})
    or (${col('status')} = 'active' and ${col('void_requested_by')} is null
      and (${col('disputed_at')} is not null or ${col('resolve_by')} < current_date))
    or (${col('status')} = 'completed' and not ${col('payment_confirmed')} and ${col('settlement_id')} is null and (
      (${col('winner_id')} = ${userId} and ${col('payment_sent')})
      or (${col('winner_id')} <> ${userId} and not ${col('payment_sent')}))))`;
}

/** A settle-up payment waiting for the user's 'Confirm All Received'. */
export function settlementWaitsOn(userId: string | Placeholder): SQL {
  return sql`exists (select 1 from settlement s where s.payee_id = ${userId} and s.confirmed_at is null)`;
}

/**
 * The one home of "this pot waits on the user" (ADR 054): rows of (pot_id, reason) for
 * - `join`: an invitation not yet answered — not entered, not declined (or left), entries still open;
 * - `referee`: a referee request not yet accepted or declined, on a pot not over;
 * - `pick_referee`: the creator's pot whose referee declined, until they pick another;
 * - `dispute_vote`: a disputed pot the user entered and has not voted on yet (ADR 060).
 * The red dot reads it with `exists`, the inbox's 'Waiting on You' lists it. Each arm starts from an index
 * on the user (pot_invite_user_idx, pot_referee_idx, pot_creator_idx, pot_entry_user_idx).
 */
export function potsWaitingOn(userId: string | Placeholder): SQL {
  return sql`
    select i.pot_id, 'join' as reason from pot_invite i join pot p on p.id = i.pot_id
      where i.user_id = ${userId} and i.declined_at is null
        and p.status = 'open' and (p.closes_at is null or p.closes_at > now())
        and not exists (select 1 from pot_entry e where e.pot_id = i.pot_id and e.user_id = i.user_id)
    union all
    select p.id, 'referee' from pot p
      where p.referee_id = ${userId} and p.referee_accepted_at is null and p.status not in ('decided', 'cancelled')
    union all
    select p.id, 'pick_referee' from pot p
      where p.creator_id = ${userId} and p.decider = 'referee' and p.referee_id is null
        and p.status not in ('decided', 'cancelled')
    union all
    select p.id, 'dispute_vote' from pot_entry e join pot p on p.id = e.pot_id
      where e.user_id = ${userId} and p.status = 'disputed'
        and not exists (select 1 from pot_dispute_vote dv where dv.pot_id = p.id and dv.user_id = e.user_id)`;
}

/**
 * The one home of "this bet's referee role waits on the user" (ADR 061), rows of (bet_id, reason):
 * - `referee`: asked to referee a pending bet, not yet accepted or declined;
 * - `pick_referee`: the creator's pending bet whose referee declined, until they pick another or remove the role.
 */
export function betRefereeWaitingOn(userId: string | Placeholder): SQL {
  return sql`
    select b.id as bet_id, 'referee' as reason from bet b
      where b.referee_id = ${userId} and b.referee_accepted_at is null and b.status = 'pending'
    union all
    select b.id, 'pick_referee' from bet b
      where b.created_by = ${userId} and b.has_referee and b.referee_id is null and b.status = 'pending'`;
}
