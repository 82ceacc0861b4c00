import { sql, type SQL } from 'drizzle-orm';

/**
 * The one home of "the bets behind a balance": completed bets
 * between the viewer and the other party that nobody has marked paid. `b` is
 * the bet table's alias. A disputed bet is not completed, so it is not here.
 */
export function unpaidBetween(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`(${col('created_by')} = ${viewerId} or ${col('opponent_id')} = ${viewerId})
    and ${col('status')} = 'completed' and not ${col('payment_sent')}`;
}

/** + when the viewer won the bet (the other party owes it), − when the viewer lost. */
export function signedAmount(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`case when ${col('winner_id')} = ${viewerId} then ${col('amount')} else -${col('amount')} end`;
}

/** The other party of the bet, seen from the viewer. */
export function otherPartyOf(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`case when ${col('created_by')} = ${viewerId} then ${col('opponent_id')} else ${col('created_by')} end`;
}
