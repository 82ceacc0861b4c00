import { sql, type SQL } from 'drizzle-orm';
import { bets } from '#server/db/schema/bets.ts';

/**
 * Part of an accept's or counter's own conditional statement (ADR 062): the terms are still the ones the
 * client saw (no counter since), and it is the `answerer`'s turn. A race with another counter, accept or
 * decline leaves one of them matching no row.
 */
export function termsAsSeen(seenCounters: number, answerer: 'opponent' | 'creator'): SQL {
  return sql`(${bets.counterCount} = ${seenCounters} and ${bets.counterCount} % 2 = ${answerer === 'opponent' ? 0 : 1})`;
}
