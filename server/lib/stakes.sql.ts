import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/*
 * The one SQL home of odds (ADR 062), the twins of domain/bet-stakes.ts. `b` is the bet table's alias in
 * the surrounding query.
 */

const column = (b: string) => (name: string) => sql.raw(`${b}.${name}`);

/** What the loser of this completed bet pays: their own stake. */
export function loserStake(b: string): SQL {
  const col = column(b);
  return sql`(case when ${col('winner_id')} = ${col('created_by')} then ${col('opponent_stake')} else ${col('creator_stake')} end)`;
}

/** What `userId`, a party, risks on this bet. */
export function stakeOf(userId: string | SQL, b: string): SQL {
  const col = column(b);
  return sql`(case when ${col('opponent_id')} = ${userId} then ${col('opponent_stake')} else ${col('creator_stake')} end)`;
}

/**
 * The party a pending bet waits on: the opponent after an even number of counters, else the creator; nobody
 * once both agreed and the bet waits only for its referee (ADR 061).
 */
export function pendingAnswerer(b: string): SQL {
  const col = column(b);
  return sql`(case when ${col('opponent_accepted_at')} is not null then null
    when ${col('counter_count')} % 2 = 0 then ${col('opponent_id')} else ${col('created_by')} end)`;
}

/** Whether this pending bet waits on `userId` (the red dot's and the inbox's 'answer'). */
export function pendingWaitsOn(userId: string | Placeholder, b: string): SQL {
  return sql`(${sql.raw(`${b}.status`)} = 'pending' and ${pendingAnswerer(b)} = ${userId})`;
}

/** The bet's counters, oldest first, as the bet page lists them (domain `betCounterSchema`). */
export function countersJson(b: string): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', k.id, 'byId', k.by_id, 'byName', u.name,
      'creatorStake', k.creator_stake, 'opponentStake', k.opponent_stake, 'note', k.note, 'createdAt', k.created_at)
      order by k.created_at, k.id), '[]'::json)
    from bet_counter k join "user" u on u.id = k.by_id where k.bet_id = ${sql.raw(`${b}.id`)})`;
}
