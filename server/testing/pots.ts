import { eq } from 'drizzle-orm';
import { paymentPlan, splitPot } from '#domain/pot-rules.ts';
import { potEntries, potOptions, potPayments, pots } from '../db/schema/pots.ts';
import type { TestApp } from './test-app.ts';

let minutes = 0;

/**
 * A decided Choices pot written straight to the tables, as the deciding transaction leaves it: the
 * entrants in the given order (the first creates it), the winners sharing the pot (domain splitPot) and
 * the payment plan (domain paymentPlan). `status: 'disputed'` keeps the result on hold.
 */
export async function insertDecidedPot(
  t: TestApp,
  values: {
    entrants: { userId: string; won: boolean }[];
    stake?: number;
    status?: 'decided' | 'disputed';
    /** When it was decided; default: a minute after the previous insert (in 2026-02). */
    decidedAt?: Date;
  },
) {
  minutes += 1;
  const at = values.decidedAt ?? new Date(Date.UTC(2026, 1, 1) + minutes * 60_000);
  const stake = values.stake ?? 10;
  const creator = values.entrants[0];
  if (!creator) throw new Error('a pot needs an entrant');
  const [pot] = await t.db
    .insert(pots)
    .values({
      creatorId: creator.userId,
      question: `Pot number ${minutes}?`,
      kind: 'choices',
      stake,
      decider: 'me',
      status: values.status ?? 'decided',
      outcome: 'won',
      decidedBy: creator.userId,
      decidedAt: at,
      closedAt: at,
      disputedAt: values.status === 'disputed' ? at : null,
      createdAt: at,
    })
    .returning();
  if (!pot) throw new Error('insert failed');
  const [winning, losing] = await t.db
    .insert(potOptions)
    .values([
      { potId: pot.id, label: 'Yes', position: 0 },
      { potId: pot.id, label: 'No', position: 1 },
    ])
    .returning();
  if (!winning || !losing) throw new Error('insert failed');
  const split = splitPot({ stake, entrants: values.entrants });
  const payout = new Map(split.payouts.map((p) => [p.userId, p.payout]));
  // One at a time, so `seq` follows the given order.
  for (const entrant of values.entrants) {
    await t.db.insert(potEntries).values({
      potId: pot.id,
      userId: entrant.userId,
      optionId: entrant.won ? winning.id : losing.id,
      payout: payout.get(entrant.userId) ?? null,
    });
  }
  await t.db.update(pots).set({ resultOptionId: winning.id, outcome: split.outcome }).where(eq(pots.id, pot.id));
  const plan = paymentPlan(stake, split);
  const payments =
    plan.length === 0
      ? []
      : await t.db
          .insert(potPayments)
          .values(plan.map((payment, position) => ({ potId: pot.id, ...payment, position })))
          .returning();
  return { pot, payments };
}

/**
 * The body of POST /api/pots for a Choices pot the creator enters on its first choice, decided by them unless
 * a referee is given; `groupId` makes it a group pot.
 */
export function choicesPotInput(input: {
  question: string;
  inviteeIds: string[];
  groupId?: string | null;
  refereeId?: string | null;
  stake?: number;
}) {
  return {
    question: input.question,
    kind: 'choices' as const,
    options: ['Ben', 'Dee'],
    line: null,
    stake: input.stake ?? 10,
    closesAt: null,
    resolveBy: null,
    decider: input.refereeId ? ('referee' as const) : ('me' as const),
    refereeId: input.refereeId ?? null,
    inviteeIds: input.inviteeIds,
    entry: { optionIndex: 0 },
    groupId: input.groupId ?? null,
  };
}
