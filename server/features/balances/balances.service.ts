import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  balanceMessages,
  type Balance,
  type BalanceDetail,
  type Balances,
  type Settlement,
} from '#domain/balances.ts';
import type { Db } from '#server/db/client.ts';
import { displayUsername, displayUsernameColumn, queryRows } from '#server/db/query.ts';
import { users } from '#server/db/schema/auth.ts';
import { bets } from '#server/db/schema/bets.ts';
import { potPayments } from '#server/db/schema/pots.ts';
import { settlements } from '#server/db/schema/settlements.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import { areFriends } from '../friends/friends.service.ts';
import { announcePotPayments } from '../pots/pots.service.ts';
import { viewersOf } from '#server/lib/visibility.ts';
import { writeNotifications } from '#server/lib/notify.ts';
import { completeRoundIfPaid, groupMembersOf } from '#server/lib/group-rounds.ts';
import { reminderAvailableAt } from '#server/lib/reminders.sql.ts';
import { lockUnpaidDebtsOfPair, otherPartyOf, signedAmount, unpaidBetween, unpaidPotPaymentsOf } from '#server/lib/balances.sql.ts';
import { loserStake } from '#server/lib/stakes.sql.ts';

export type SettlementEffects = { publish(userIds: string[], event: ChangeEvent): Promise<void> };

const balanceRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  venmo_handle: z.string(),
  cashtag: z.string().nullable(),
  paypal_me: z.string().nullable(),
  net: z.number(),
  bet_count: z.number(),
  bet_net: z.number(),
  pending_id: z.string().nullable(),
  pending_amount: z.number().nullable(),
  pending_bet_count: z.number().nullable(),
  reminder_available_at: z
    .union([z.string(), z.date()])
    .nullable()
    .transform((value) => (value === null ? null : new Date(value).toISOString())),
});

function toBalance(row: z.output<typeof balanceRow>): Balance {
  return {
    friend: { id: row.id, name: row.name, username: row.username, image: row.image, venmoHandle: row.venmo_handle },
    // Only the side that owes is shown where to pay (ADR 056).
    payTo: row.net < 0 ? { venmoHandle: row.venmo_handle, cashtag: row.cashtag, paypalMe: row.paypal_me } : null,
    net: row.net,
    betCount: row.bet_count,
    pendingSettlement:
      row.pending_id === null ? null : { id: row.pending_id, amount: row.pending_amount ?? 0, betCount: row.pending_bet_count ?? 0 },
    // A reminder is about the bets the other side lost (reminders.service); pot payments have their pot page.
    reminder: row.net > 0 && row.bet_net > 0 ? { availableAt: row.reminder_available_at } : null,
  };
}

/**
 * Every other party with a non-zero net over completed, unpaid bets and unpaid pot payments, or with a
 * settle-up payment waiting for the viewer's confirmation; largest absolute net first. One statement: the
 * net per party is one aggregate over the viewer's bets (read through the two per-party open-bet indexes)
 * plus one over their pot payments (`pot_nets`, ADR 059), added up per party.
 */
function balancesQuery(viewerId: string, onlyWith?: string): SQL {
  const pair = onlyWith === undefined ? sql`` : sql`and ${otherPartyOf(viewerId, 'b')} = ${onlyWith}`;
  const pendingPair = onlyWith === undefined ? sql`` : sql`and s.payer_id = ${onlyWith}`;
  const potPair = onlyWith === undefined ? sql`` : sql`where d.party_id = ${onlyWith}`;
  return sql`
    with nets as (
      select ${otherPartyOf(viewerId, 'b')} as party_id, sum(${signedAmount(viewerId, 'b')})::int as net, count(*)::int as bet_count,
        max(case when b.winner_id = ${viewerId} then b.last_reminded_at end) as last_reminded_at
      from bet b
      where ${unpaidBetween(viewerId, 'b')} ${pair}
      group by 1
    ),
    pot_nets as (
      select d.party_id, sum(d.signed)::int as net, count(*)::int as payment_count
      from (${unpaidPotPaymentsOf(viewerId)}) d ${potPair}
      group by 1
    ),
    pending as (
      select distinct on (s.payer_id) s.payer_id as party_id, s.id, s.amount, s.bet_count
      from settlement s
      where s.payee_id = ${viewerId} and s.confirmed_at is null ${pendingPair}
      order by s.payer_id, s.marked_at, s.id
    )
    select u.id, u.name, ${displayUsername('u')} as username, u.image, u.venmo_handle, u.cashtag, u.paypal_me,
      coalesce(n.net, 0) + coalesce(pn.net, 0) as net, coalesce(n.bet_count, 0) + coalesce(pn.payment_count, 0) as bet_count,
      coalesce(n.net, 0) as bet_net,
      p.id as pending_id, p.amount as pending_amount, p.bet_count as pending_bet_count,
      ${reminderAvailableAt(sql.raw('n.last_reminded_at'))} as reminder_available_at
    from (select party_id from nets union select party_id from pot_nets union select party_id from pending) parties
    join "user" u on u.id = parties.party_id
    left join nets n on n.party_id = parties.party_id
    left join pot_nets pn on pn.party_id = parties.party_id
    left join pending p on p.party_id = parties.party_id
    where coalesce(n.net, 0) + coalesce(pn.net, 0) <> 0 or p.id is not null
    order by abs(coalesce(n.net, 0) + coalesce(pn.net, 0)) desc, u.name, u.id`;
}

export async function listBalances(db: Db, viewerId: string): Promise<Balances> {
  const rows = await queryRows(db, balancesQuery(viewerId), balanceRow);
  return { items: rows.map(toBalance) };
}

const detailBetRow = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number(),
  owed_to_me: z.boolean(),
  completed_at: z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString()),
});

const detailPotPaymentRow = z.object({
  id: z.string(),
  pot_id: z.string(),
  question: z.string(),
  amount: z.number(),
  owed_to_me: z.boolean(),
  decided_at: z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString()),
});

/** The balance with one party: the line, the bets and pot payments behind it (newest first), a settlement to confirm. */
export async function getBalance(db: Db, viewerId: string, friendId: string): Promise<BalanceDetail> {
  const [row] = await queryRows(db, balancesQuery(viewerId, friendId), balanceRow);
  const betRows = await queryRows(
    db,
    sql`select b.id, b.description, ${loserStake('b')} as amount, b.winner_id = ${viewerId} as owed_to_me, b.completed_at
      from bet b
      where ${unpaidBetween(viewerId, 'b')} and ${otherPartyOf(viewerId, 'b')} = ${friendId}
      order by b.completed_at desc, b.id desc`,
    detailBetRow,
  );
  const potRows = await queryRows(
    db,
    sql`select d.id, d.pot_id, d.question, d.amount, d.signed > 0 as owed_to_me, d.decided_at
      from (${unpaidPotPaymentsOf(viewerId, friendId)}) d
      order by d.decided_at desc, d.id desc`,
    detailPotPaymentRow,
  );
  const potPayments = potRows.map((payment) => ({
    id: payment.id,
    potId: payment.pot_id,
    question: payment.question,
    amount: payment.amount,
    direction: payment.owed_to_me ? ('owed_to_me' as const) : ('i_owe' as const),
    decidedAt: payment.decided_at,
  }));
  const detailBets = betRows.map((bet) => ({
    id: bet.id,
    description: bet.description,
    amount: bet.amount,
    direction: bet.owed_to_me ? ('owed_to_me' as const) : ('i_owe' as const),
    completedAt: bet.completed_at,
  }));
  if (row) return { ...toBalance(row), bets: detailBets, potPayments };
  // Nothing open between the two: a friend's balance is simply settled; anyone else is not found.
  if (friendId === viewerId || !(await areFriends(db, viewerId, friendId))) throw new AppError('NOT_FOUND', 'User not found.');
  const [friend] = await db
    .select({ id: users.id, name: users.name, username: displayUsernameColumn(), image: users.image, venmoHandle: users.venmoHandle })
    .from(users)
    .where(eq(users.id, friendId));
  if (!friend) throw new AppError('NOT_FOUND', 'User not found.');
  return {
    friend,
    payTo: null,
    net: 0,
    betCount: detailBets.length + potPayments.length,
    pendingSettlement: null,
    reminder: null,
    bets: detailBets,
    potPayments,
  };
}

const lockedRow = z.object({ id: z.string(), created_by: z.string(), signed: z.number() });

/**
 * Mark All Paid: in one transaction, lock the pair's completed unpaid bets and unpaid pot payments, refuse
 * unless they are exactly the ones the screen showed and the viewer owes their net, then record one
 * settlement and mark them all paid (each pot payment points at it: ADR 059).
 */
export async function settleUp(
  db: Db,
  effects: SettlementEffects,
  viewerId: string,
  friendId: string,
  shown: { betIds: string[]; potPaymentIds: string[] },
): Promise<Settlement> {
  const result = await db.transaction(async (tx) => {
    const { friend, locked, potPayments: lockedPayments } = await lockUnpaidDebtsOfPair(tx, viewerId, friendId, sql`b.id, b.created_by`, lockedRow);
    if (!sameIds(shown.betIds, locked) || !sameIds(shown.potPaymentIds, lockedPayments))
      throw new AppError('CONFLICT', balanceMessages.changed(friend.name));
    const net = [...locked, ...lockedPayments].reduce((sum, debt) => sum + debt.signed, 0);
    if (net >= 0) throw new AppError('FORBIDDEN', balanceMessages.notDebtor(friend.name));
    const [settlement] = await tx
      .insert(settlements)
      .values({ payerId: viewerId, payeeId: friendId, amount: -net, betCount: locked.length + lockedPayments.length })
      .returning();
    if (!settlement) throw new AppError('INTERNAL');
    if (locked.length > 0)
      await tx
        .update(bets)
        .set({ settlementId: settlement.id, paymentSent: true, paidAt: sql`now()`, updatedAt: new Date() })
        .where(inArray(bets.id, locked.map((bet) => bet.id)));
    const potIds =
      lockedPayments.length === 0
        ? []
        : await tx
            .update(potPayments)
            .set({ settlementId: settlement.id, sentAt: sql`now()` })
            .where(inArray(potPayments.id, lockedPayments.map((payment) => payment.id)))
            .returning({ potId: potPayments.potId });
    const notified = await writeNotifications(tx, [
      { userId: friendId, type: 'settlement_marked', actorId: viewerId, betId: null, data: { amount: settlement.amount, betCount: settlement.betCount } },
    ]);
    return {
      settlement,
      notified,
      creators: [...new Set(locked.map((bet) => bet.created_by))],
      potIds: [...new Set(potIds.map((row) => row.potId))],
    };
  });
  await announce(db, effects, viewerId, friendId, result);
  return toSettlement(result.settlement);
}

/** The ids the screen showed are exactly the locked ones (no duplicate, none missing, none extra). */
function sameIds(shown: string[], locked: { id: string }[]): boolean {
  const ids = new Set(shown);
  return ids.size === shown.length && locked.length === ids.size && locked.every((row) => ids.has(row.id));
}

/**
 * Confirm All Received: the payee confirms the settlement and, in the same
 * transaction, every bet it covers reaches 'Payment Complete'.
 */
export async function confirmSettlement(db: Db, effects: SettlementEffects, viewerId: string, settlementId: string): Promise<Settlement> {
  const result = await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(settlements)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(settlements.id, settlementId), eq(settlements.payeeId, viewerId), isNull(settlements.confirmedAt)))
      .returning();
    if (!confirmed) {
      const [existing] = await tx.select().from(settlements).where(eq(settlements.id, settlementId));
      if (!existing || (existing.payeeId !== viewerId && existing.payerId !== viewerId)) throw new AppError('NOT_FOUND', 'Settlement not found.');
      if (existing.payeeId !== viewerId) throw new AppError('FORBIDDEN', 'Only the person who was paid can confirm the payment.');
      throw new AppError('CONFLICT', 'Payment was already confirmed.');
    }
    const covered = await tx
      .update(bets)
      .set({ paymentConfirmed: true, updatedAt: new Date() })
      .where(eq(bets.settlementId, confirmed.id))
      .returning({ createdBy: bets.createdBy });
    const coveredPots = await tx
      .update(potPayments)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(potPayments.settlementId, confirmed.id), isNull(potPayments.confirmedAt)))
      .returning({ potId: potPayments.potId });
    // A group's simplified payment: the last one confirmed completes the round (ADR 064).
    const round = confirmed.groupRoundId ? await completeRoundIfPaid(tx, confirmed.groupRoundId) : { groupId: null, potIds: [] };
    const notified = await writeNotifications(tx, [
      {
        userId: confirmed.payerId,
        type: 'settlement_confirmed',
        actorId: viewerId,
        betId: null,
        data: { amount: confirmed.amount, betCount: confirmed.betCount },
      },
    ]);
    return {
      settlement: confirmed,
      notified,
      creators: [...new Set(covered.map((bet) => bet.createdBy))],
      potIds: [...new Set([...coveredPots.map((row) => row.potId), ...round.potIds])],
      groupId: round.groupId,
    };
  });
  await announce(db, effects, viewerId, result.settlement.payerId, result);
  if (result.groupId) await effects.publish(await groupMembersOf(db, result.groupId), { kind: 'groups' });
  return toSettlement(result.settlement);
}

/**
 * After commit: both parties' bet lists and balances, the feeds that show these bets, the pages of the
 * pots whose payments it covers, the recipient's inbox.
 */
async function announce(
  db: Db,
  effects: SettlementEffects,
  a: string,
  b: string,
  { creators, potIds, notified }: { creators: string[]; potIds: string[]; notified: string[] },
) {
  await effects.publish([a, b], { kind: 'bets' });
  const viewers = new Set<string>();
  for (const createdBy of creators) {
    for (const viewer of await viewersOf(db, { createdBy, opponentId: createdBy === a ? b : a })) viewers.add(viewer);
  }
  if (viewers.size > 0) await effects.publish([...viewers], { kind: 'feed' });
  for (const potId of potIds) await announcePotPayments(db, effects, potId);
  if (notified.length > 0) await effects.publish(notified, { kind: 'notifications' });
}

function toSettlement(row: typeof settlements.$inferSelect): Settlement {
  return {
    id: row.id,
    payerId: row.payerId,
    payeeId: row.payeeId,
    amount: row.amount,
    betCount: row.betCount,
    markedAt: row.markedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
