import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { groupDebtMessages, netsOf, pairNets, simplifyDebts } from '#domain/group-debts.ts';
import { groupMessages, type GroupBalances, type MarkSimplifiedInput } from '#domain/groups.ts';
import type { Db } from '#server/db/client.ts';
import { queryOne, queryRows } from '#server/db/query.ts';
import { users } from '#server/db/schema/auth.ts';
import { groupRounds } from '#server/db/schema/groups.ts';
import { potPayments } from '#server/db/schema/pots.ts';
import { settlements } from '#server/db/schema/settlements.ts';
import { AppError } from '#server/lib/errors.ts';
import { writeNotifications } from '#server/lib/notify.ts';
import { groupMemberIds, isGroupMember, lockGroupOfMember, type GroupEffects } from './groups.service.ts';

/*
 * 'Simplify Debts' (issue 27 §3, ADR 064): the Balances tab and the simplified payments' 'Mark Paid'.
 * Confirming one is the settlement's confirm (balances.service), which completes the round
 * (server/lib/group-rounds.ts).
 */

const debtRow = z.object({ payerId: z.string(), payeeId: z.string(), amount: z.number().int() });
const personRow = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  venmoHandle: z.string(),
  cashtag: z.string().nullable(),
  paypalMe: z.string().nullable(),
  member: z.boolean(),
});

/**
 * The pot payments a plan covers (ADR 064): the open round's, or else the group's unpaid payments of decided
 * pots. The same set, in the same order, as `lockCoveredPayments` reads for 'Mark Paid'.
 */
function coveredPayments(groupId: string): SQL {
  return sql`
    r as (select id, plan from group_settle_round where group_id = ${groupId}::uuid and completed_at is null),
    covered as (
      select pp.id, pp.payer_id, pp.payee_id, pp.amount from pot_payment pp where pp.group_round_id = (select id from r)
      union all
      select pp.id, pp.payer_id, pp.payee_id, pp.amount from pot_payment pp join pot p on p.id = pp.pot_id
      where not exists (select 1 from r) and p.group_id = ${groupId}::uuid and p.status = 'decided' and pp.sent_at is null
    )`;
}

/** The version the screen sends back: md5 of the covered payments' `id:amount` in id order (uuid order is hex order). */
export function fingerprintOf(payments: { id: string; amount: number }[]): string {
  const text = [...payments]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((payment) => `${payment.id}:${payment.amount}`)
    .join(',');
  return createHash('md5').update(text).digest('hex');
}

const balancesRow = z.object({
  is_member: z.boolean(),
  round_id: z.string().nullable(),
  plan: z.array(debtRow).nullable(),
  version: z.string(),
  debts: z.array(debtRow),
  people: z.array(personRow),
  settlements: z.array(
    z.object({ id: z.string(), payerId: z.string(), payeeId: z.string(), confirmed: z.boolean() }),
  ),
});

/**
 * The 'Balances' tab in one statement (ADR 064): the covered pot payments added up per pair, their version,
 * the people in them (and every member), and the open round's settlements; then, from the pure domain
 * functions, each member's net, who owes whom (pairs netted) and the simplified payments.
 */
export async function groupBalances(db: Db, viewerId: string, groupId: string): Promise<GroupBalances> {
  const row = await queryOne(
    db,
    sql`with ${coveredPayments(groupId)}
      select ${isGroupMember(viewerId, sql`${groupId}::uuid`)} as is_member,
        (select id from r) as round_id, (select plan from r) as plan,
        (select md5(coalesce(string_agg(c.id::text || ':' || c.amount::text, ',' order by c.id), '')) from covered c) as version,
        coalesce((select json_agg(json_build_object('payerId', d.payer_id, 'payeeId', d.payee_id, 'amount', d.amount))
          from (select payer_id, payee_id, sum(amount)::int as amount from covered group by 1, 2) d), '[]'::json) as debts,
        coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'image', u.image, 'venmoHandle', u.venmo_handle,
            'cashtag', u.cashtag, 'paypalMe', u.paypal_me, 'member', u.id in (select user_id from group_member where group_id = ${groupId}::uuid)))
          from "user" u where u.id in (select user_id from group_member where group_id = ${groupId}::uuid
            union select payer_id from covered union select payee_id from covered)), '[]'::json) as people,
        coalesce((select json_agg(json_build_object('id', s.id, 'payerId', s.payer_id, 'payeeId', s.payee_id, 'confirmed', s.confirmed_at is not null))
          from settlement s where s.group_round_id = (select id from r)), '[]'::json) as settlements`,
    balancesRow,
  );
  if (!row?.is_member) throw new AppError('NOT_FOUND', groupMessages.notFound);
  const people = new Map(row.people.map((person) => [person.id, person]));
  const nameOf = (id: string) => people.get(id)?.name ?? '';
  const personOf = (id: string) => {
    const person = people.get(id);
    return { id, name: person?.name ?? '', image: person?.image ?? null };
  };
  const nets = netsOf(row.debts);
  const plan = row.plan ?? simplifyDebts(row.debts, nameOf);
  return {
    version: row.version,
    roundId: row.round_id,
    // Every member (settled ones at $0) and anyone who left with an open net; creditors first, then by name.
    nets: row.people
      .filter((person) => person.member || nets.has(person.id))
      .map((person) => ({ user: personOf(person.id), net: nets.get(person.id) ?? 0 }))
      .sort(
        (a, b) =>
          b.net - a.net || a.user.name.localeCompare(b.user.name, 'en') || (a.user.id < b.user.id ? -1 : 1),
      ),
    debts: pairNets(row.debts, nameOf).map((debt) => ({
      from: personOf(debt.payerId),
      to: personOf(debt.payeeId),
      amount: debt.amount,
    })),
    payments: plan.map((payment) => {
      const payee = people.get(payment.payeeId);
      const settlement = row.settlements.find(
        (s) => s.payerId === payment.payerId && s.payeeId === payment.payeeId,
      );
      return {
        from: personOf(payment.payerId),
        to: personOf(payment.payeeId),
        amount: payment.amount,
        // Only the payer is shown where to pay (ADR 056).
        payTo:
          payment.payerId === viewerId && payee
            ? { venmoHandle: payee.venmoHandle, cashtag: payee.cashtag, paypalMe: payee.paypalMe }
            : null,
        settlement: settlement ? { id: settlement.id, confirmed: settlement.confirmed } : null,
      };
    }),
  };
}

const lockedPayment = z.object({
  id: z.string(),
  payer_id: z.string(),
  payee_id: z.string(),
  amount: z.number().int(),
});

/**
 * 'Mark Paid' on a simplified payment (ADR 064), in one transaction on the locked group row (so two marks in
 * the same group queue): the open round's plan, or else the group's unpaid pot payments locked FOR UPDATE
 * and a new round over them. Refused with 409 unless they are exactly the version the screen showed. A pot
 * page's single 'Mark Paid' racing it either commits first (its row leaves the set: 409 here) or waits for
 * the row lock and finds it sent (409 there): exactly one wins. Then one settlement for the payment.
 */
export async function markSimplifiedPayment(
  db: Db,
  effects: GroupEffects,
  viewerId: string,
  groupId: string,
  input: MarkSimplifiedInput,
): Promise<{ id: string }> {
  const changed = () => new AppError('CONFLICT', groupDebtMessages.changed);
  const result = await db.transaction(async (tx) => {
    const group = await lockGroupOfMember(tx, viewerId, groupId);
    const [open] = await tx
      .select()
      .from(groupRounds)
      .where(and(eq(groupRounds.groupId, groupId), isNull(groupRounds.completedAt)));
    let round = open;
    let covered: z.output<typeof lockedPayment>[];
    if (open) {
      covered = await queryRows(
        tx,
        sql`select id, payer_id, payee_id, amount from pot_payment where group_round_id = ${open.id}`,
        lockedPayment,
      );
      if (open.fingerprint !== input.version) throw changed();
    } else {
      covered = await queryRows(
        tx,
        sql`select pp.id, pp.payer_id, pp.payee_id, pp.amount from pot_payment pp join pot p on p.id = pp.pot_id
          where p.group_id = ${groupId} and p.status = 'decided' and pp.sent_at is null
          order by pp.id for update of pp`,
        lockedPayment,
      );
      if (covered.length === 0 || fingerprintOf(covered) !== input.version) throw changed();
    }
    const debts = covered.map((row) => ({
      payerId: row.payer_id,
      payeeId: row.payee_id,
      amount: row.amount,
    }));
    let plan = open?.plan;
    if (!plan) {
      const ids = [...new Set(debts.flatMap((debt) => [debt.payerId, debt.payeeId]))];
      const named = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
      const names = new Map(named.map((user) => [user.id, user.name]));
      plan = simplifyDebts(debts, (id) => names.get(id) ?? '');
    }
    const payment = plan.find((entry) => entry.payerId === viewerId && entry.payeeId === input.payeeId);
    if (!payment) throw new AppError('FORBIDDEN', groupDebtMessages.notPayer);
    if (payment.amount !== input.amount) throw changed();
    if (!round) {
      [round] = await tx
        .insert(groupRounds)
        .values({ groupId, fingerprint: input.version, plan })
        .returning();
      if (!round) throw new AppError('INTERNAL');
      await tx
        .update(potPayments)
        .set({ sentAt: sql`now()`, groupRoundId: round.id })
        .where(
          inArray(
            potPayments.id,
            covered.map((row) => row.id),
          ),
        );
    }
    // The unique (round, payer, payee) index backs this check; the group row lock makes it race-free.
    const [settlement] = await tx
      .insert(settlements)
      .values({
        payerId: viewerId,
        payeeId: payment.payeeId,
        amount: payment.amount,
        betCount: covered.length,
        groupRoundId: round.id,
      })
      .onConflictDoNothing()
      .returning({ id: settlements.id });
    if (!settlement) throw new AppError('CONFLICT', groupDebtMessages.alreadyMarked);
    // What now waits on whom: the payee's confirmation, and, when this mark opened the round, every other
    // payer's own payment.
    const about = { groupId, groupName: group.name };
    const notified = await writeNotifications(tx, [
      {
        userId: payment.payeeId,
        type: 'group_payment_marked',
        actorId: viewerId,
        betId: null,
        data: { ...about, amount: payment.amount },
      },
      ...(open
        ? []
        : plan
            .filter((entry) => entry.payerId !== viewerId)
            .map((entry) => ({
              userId: entry.payerId,
              type: 'group_settle_started' as const,
              actorId: viewerId,
              betId: null,
              data: { ...about, amount: entry.amount },
            }))),
    ]);
    // A new round took the payments over: their pots' pages change for everyone in them.
    const potPeople = open ? [] : debts.flatMap((debt) => [debt.payerId, debt.payeeId]);
    return { settlement, potPeople, notified };
  });
  const members = await groupMemberIds(db, groupId);
  await effects.publish(members, { kind: 'groups' });
  await effects.publish([viewerId, input.payeeId], { kind: 'bets' });
  if (result.potPeople.length > 0)
    await effects.publish([...new Set([...members, ...result.potPeople])], { kind: 'pots' });
  await effects.publish(result.notified, { kind: 'notifications' });
  return result.settlement;
}
