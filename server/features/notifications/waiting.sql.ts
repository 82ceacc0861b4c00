import { sql, type Placeholder, type SQL } from 'drizzle-orm';

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
    (${col('status')} = 'pending' and ${col('opponent_id')} = ${userId})
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
