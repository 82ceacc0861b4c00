import { z } from 'zod';
import { payeeAppsSchema, userSummarySchema } from './profiles.ts';
import { reminderStateSchema } from './reminders.ts';
import { userIdSchema } from './users.ts';

/**
 * Balances per person and one settle-up payment.
 * A balance is the net over the completed, unpaid bets and the unpaid payments of decided pots between the
 * viewer and one other person (ADR 059): positive when they owe the viewer, negative when the viewer owes them.
 */

// The zod-free texts live in balance-rules.ts (the profile loads them without zod).
export * from './balance-rules.ts';

export const balanceSchema = z.object({
  friend: userSummarySchema.extend({ venmoHandle: z.string() }),
  /** The friend's payment apps when the viewer owes them (net < 0), else null (ADR 056). */
  payTo: payeeAppsSchema.nullable(),
  /** Whole dollars; > 0: the friend owes the viewer, < 0: the viewer owes the friend. */
  net: z.number().int(),
  /** The bets and pot payments behind the net (a pot payment counts as one bet in the texts: ADR 059). */
  betCount: z.number().int(),
  /** A settlement the friend marked paid and the viewer has not confirmed yet. */
  pendingSettlement: z
    .object({ id: z.string(), amount: z.number().int(), betCount: z.number().int() })
    .nullable(),
  /** When the friend owes the viewer: when the viewer may remind them about the balance (domain/reminders.ts); else null. */
  reminder: reminderStateSchema,
});
export type Balance = z.infer<typeof balanceSchema>;

/** GET /api/balances: non-zero nets, largest absolute first; plus settlements waiting on the viewer. */
export const balancesSchema = z.object({ items: z.array(balanceSchema) });
export type Balances = z.infer<typeof balancesSchema>;

export const balanceBetSchema = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number().int(),
  /** 'owed_to_me': the friend lost this bet to the viewer; 'i_owe': the viewer lost it. */
  direction: z.enum(['owed_to_me', 'i_owe']),
  completedAt: z.string(),
});
export type BalanceBet = z.infer<typeof balanceBetSchema>;

/** One unpaid payment of a decided pot between the viewer and the other person. */
export const balancePotPaymentSchema = z.object({
  id: z.string(),
  potId: z.string(),
  question: z.string(),
  amount: z.number().int(),
  /** 'owed_to_me': the other person pays the viewer this; 'i_owe': the viewer pays them. */
  direction: z.enum(['owed_to_me', 'i_owe']),
  decidedAt: z.string(),
});
export type BalancePotPayment = z.infer<typeof balancePotPaymentSchema>;

/** GET /api/balances/:friendId: the bets and pot payments behind the net, and a settlement awaiting confirmation. */
export const balanceDetailSchema = balanceSchema.extend({
  bets: z.array(balanceBetSchema),
  potPayments: z.array(balancePotPaymentSchema),
});
export type BalanceDetail = z.infer<typeof balanceDetailSchema>;

export const friendIdParamSchema = z.object({ friendId: userIdSchema });

export const SETTLE_MAX_BETS = 500;

/** POST /api/balances/:friendId/settle: the ids of the bets and pot payments the screen showed. */
export const settleInputSchema = z
  .object({
    betIds: z.array(z.uuid('Please review your balance again.')).max(SETTLE_MAX_BETS, 'Too many bets to settle at once.'),
    potPaymentIds: z
      .array(z.uuid('Please review your balance again.'))
      .max(SETTLE_MAX_BETS, 'Too many bets to settle at once.')
      .default([]),
  })
  .refine((input) => input.betIds.length + input.potPaymentIds.length > 0, {
    message: 'There is nothing to settle.',
    path: ['betIds'],
  });
export type SettleInput = z.infer<typeof settleInputSchema>;

export const settlementSchema = z.object({
  id: z.string(),
  payerId: z.string(),
  payeeId: z.string(),
  amount: z.number().int(),
  betCount: z.number().int(),
  markedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementParamSchema = z.object({ id: z.uuid('Settlement not found.') });

/**
 * The net per person as the reference for the SQL: + for bets they lost to the viewer and pot payments they
 * owe the viewer, − for what the viewer owes them.
 */
export function netOf(debts: Pick<BalanceBet, 'amount' | 'direction'>[]): number {
  return debts.reduce((sum, debt) => sum + (debt.direction === 'owed_to_me' ? debt.amount : -debt.amount), 0);
}
