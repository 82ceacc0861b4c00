import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { users } from '../db/schema/auth.ts';
import { AppError } from './errors.ts';
import { loserStake } from './stakes.sql.ts';
import { areFriends } from './visibility.ts';

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

/** + when the viewer won the bet (the other party owes it), − when the viewer lost: the loser's stake (ADR 062). */
export function signedAmount(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`case when ${col('winner_id')} = ${viewerId} then ${loserStake(b)} else -${loserStake(b)} end`;
}

/** The other party of the bet, seen from the viewer. */
export function otherPartyOf(viewerId: string, b: string): SQL {
  const col = (name: string) => sql.raw(`${b}.${name}`);
  return sql`case when ${col('created_by')} = ${viewerId} then ${col('opponent_id')} else ${col('created_by')} end`;
}

/**
 * The one lock on a pair's unpaid bets, for the writes that act on a whole balance (settle-up, a balance
 * reminder): the other user, and the bets behind the balance locked `for update` in id order (so two
 * writers on one pair queue instead of deadlocking), each with `signed` and the extra `columns` (`b` is
 * the bet). Bets outlive a friendship; without any between the two, only a friend learns more than
 * "not found".
 */
export async function lockUnpaidBetsOfPair<T extends z.ZodType>(
  tx: Db,
  viewerId: string,
  friendId: string,
  columns: SQL,
  row: T,
): Promise<{ friend: { id: string; name: string }; locked: z.output<T>[] }> {
  const [friend] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, friendId));
  if (!friend || friendId === viewerId) throw new AppError('NOT_FOUND', 'User not found.');
  const locked = await queryRows(
    tx,
    sql`select ${columns}, ${signedAmount(viewerId, 'b')} as signed
      from bet b
      where ${unpaidBetween(viewerId, 'b')} and ${otherPartyOf(viewerId, 'b')} = ${friendId}
      order by b.id
      for update`,
    row,
  );
  if (locked.length === 0 && !(await areFriends(tx, viewerId, friendId))) throw new AppError('NOT_FOUND', 'User not found.');
  return { friend, locked };
}
