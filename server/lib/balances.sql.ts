import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
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
 * The one home of "the pot payments behind a balance" (ADR 059): each unpaid payment of a decided pot the
 * viewer pays or is paid, as rows `id, pot_id, question, amount, decided_at, party_id` (the other person)
 * and `signed` (+ when it is owed to the viewer). A disputed pot's payments are on hold, so not here; a
 * payment marked paid on the pot page or by a settle-up has `sent_at`. Read through the payer and payee
 * indexes of pot_payment.
 */
export function unpaidPotPaymentsOf(viewerId: string, onlyWith?: string): SQL {
  const pair = onlyWith === undefined ? sql`` : sql`and (pp.payer_id = ${onlyWith} or pp.payee_id = ${onlyWith})`;
  return sql`
    select pp.id, pp.pot_id, p.question, pp.amount, p.decided_at,
      case when pp.payer_id = ${viewerId} then pp.payee_id else pp.payer_id end as party_id,
      case when pp.payee_id = ${viewerId} then pp.amount else -pp.amount end as signed
    from pot_payment pp
    join pot p on p.id = pp.pot_id and p.status = 'decided'
    where (pp.payer_id = ${viewerId} or pp.payee_id = ${viewerId}) and pp.sent_at is null ${pair}`;
}

const lockedPotPaymentRow = z.object({ id: z.string(), signed: z.number() });

/**
 * The one lock on a pair's debts, for the writes that act on a whole balance (settle-up, a balance
 * reminder): the other user; the bets behind the balance locked `for update` in id order (so two writers
 * on one pair queue instead of deadlocking), each with `signed` and the extra `columns` (`b` is the bet);
 * and the pair's unpaid pot payments, locked the same way after the bets, so a pot page's single 'Mark
 * Paid' either comes first (and the payment is not here) or waits and finds it sent. Debts outlive a
 * friendship and a pot needs none; without any between the two, only a friend learns more than
 * "not found".
 */
export async function lockUnpaidDebtsOfPair<T extends z.ZodType>(
  tx: Db,
  viewerId: string,
  friendId: string,
  columns: SQL,
  row: T,
): Promise<{ friend: { id: string; name: string }; locked: z.output<T>[]; potPayments: z.output<typeof lockedPotPaymentRow>[] }> {
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
  const potPayments = await queryRows(
    tx,
    sql`${unpaidPotPaymentsOf(viewerId, friendId)} order by pp.id for update of pp`,
    lockedPotPaymentRow,
  );
  if (locked.length === 0 && potPayments.length === 0 && !(await areFriends(tx, viewerId, friendId)))
    throw new AppError('NOT_FOUND', 'User not found.');
  return { friend, locked, potPayments };
}
