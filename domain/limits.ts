import { z } from 'zod';
import { breakDurations, limitMessages, WEEKLY_LOSS_LIMIT_MAX } from './limit-rules.ts';

// The rules and texts live in limit-rules.ts (no zod there).
export * from './limit-rules.ts';

/** PUT /api/limits/weekly-loss: null removes the limit. */
export const updateLossLimitInputSchema = z.object({
  weeklyLossLimit: z
    .number(limitMessages.invalidLimit)
    .int(limitMessages.invalidLimit)
    .min(1, limitMessages.invalidLimit)
    .max(WEEKLY_LOSS_LIMIT_MAX, limitMessages.limitTooLarge)
    .nullable(),
});
export type UpdateLossLimitInput = z.infer<typeof updateLossLimitInputSchema>;

export const startBreakInputSchema = z.object({ duration: z.enum(breakDurations) });
export type StartBreakInput = z.infer<typeof startBreakInputSchema>;

export const limitsSchema = z.object({
  /** The limit in force now; null: none. */
  weeklyLossLimit: z.number().int().nullable(),
  /** A raise or removal waiting out its 24 hours: the value (null: removal) and when it applies. */
  scheduled: z.object({ weeklyLossLimit: z.number().int().nullable(), appliesAt: z.string() }).nullable(),
  /** This week's losses plus the stakes of open bets and challenge links: what a new bet is added to. */
  committed: z.number().int(),
  /** The end of a break in progress, or null. */
  breakUntil: z.string().nullable(),
});
export type Limits = z.infer<typeof limitsSchema>;
