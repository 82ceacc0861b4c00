import { bets } from '../db/schema/bets.ts';
import type { TestApp } from './test-app.ts';

let minutes = 0;

/**
 * A bet written straight to the table (the bets API arrives later); each call
 * is a minute later than the previous one so orderings are deterministic.
 */
export async function insertBet(
  t: TestApp,
  values: {
    createdBy: string;
    opponentId: string;
    amount?: number;
    /** Odds (ADR 062): what the opponent risks; default: the amount (an even bet). */
    opponentStake?: number;
    counterCount?: number;
    winnerId?: string;
    status?: 'pending' | 'active' | 'completed';
    voidRequestedBy?: string;
    paymentSent?: boolean;
    paymentConfirmed?: boolean;
    /** When it was resolved; default: a minute after the previous insert (in 2026-01). */
    completedAt?: Date;
    /** When it was marked paid; default: at completion, when paymentSent. */
    paidAt?: Date;
  },
) {
  minutes += 1;
  const at = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
  const completed = values.winnerId !== undefined;
  const [row] = await t.db
    .insert(bets)
    .values({
      createdBy: values.createdBy,
      opponentId: values.opponentId,
      description: `Bet number ${minutes}`,
      amount: values.amount ?? 10,
      creatorStake: values.amount ?? 10,
      opponentStake: values.opponentStake ?? values.amount ?? 10,
      counterCount: values.counterCount ?? 0,
      status: values.status ?? (completed ? 'completed' : 'pending'),
      winnerId: values.winnerId ?? null,
      createdAt: at,
      completedAt: completed ? (values.completedAt ?? at) : null,
      voidRequestedBy: values.voidRequestedBy ?? null,
      paymentSent: values.paymentSent ?? false,
      paymentConfirmed: values.paymentConfirmed ?? false,
      paidAt: values.paymentSent ? (values.paidAt ?? values.completedAt ?? at) : null,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
