import { z } from 'zod';
import { formatDollars } from './money.ts';

/**
 * Payment reminders: the winner of an unpaid bet, or
 * the creditor of a balance, nudges the other party; Sidepot also reminds on
 * its own, 3 days after the bet was resolved and then weekly, at most 3 times.
 * Manual and automatic reminders share one throttle per bet.
 */

/** At most one reminder per bet in this window, whoever sent it. */
export const REMINDER_THROTTLE_HOURS = 24;
/** The first automatic reminder: this long after the bet was resolved. */
export const AUTO_REMINDER_FIRST_DAYS = 3;
/** Each further automatic reminder: this long after the bet's last reminder of any kind. */
export const AUTO_REMINDER_EVERY_DAYS = 7;
export const AUTO_REMINDER_MAX = 3;

// The zod-free texts live in reminder-texts.ts (the profile loads them without zod).
export * from './reminder-texts.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Whether a reminder may go now, as the server says it. Null when there is
 * nothing to remind about (not resolved, or already paid). `availableAt`: a
 * reminder went out and the next may go at this time (ISO); null: now.
 * The client shows 'Reminder sent' until then and asks the server again at
 * that time; it never decides on its own clock.
 */
export const reminderStateSchema = z.object({ availableAt: z.string().nullable() }).nullable();
export type ReminderState = z.infer<typeof reminderStateSchema>;

/** POST /api/bets/:id/remind and /api/balances/:friendId/remind answer the new state. */
export const reminderResultSchema = z.object({ reminder: z.object({ availableAt: z.string() }) });
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/** The inbox line of a reminder a person sent: '<Name> reminded you about $N'. */
export function reminderSentence(name: string, amount: number): string {
  return `${name} reminded you about ${formatDollars(amount)}`;
}

/**
 * The inbox line of an automatic reminder. It names the winner but does not say
 * they sent it: they did not (ADR 028).
 */
export function autoReminderSentence(name: string, amount: number): string {
  return `Reminder: you owe ${name} ${formatDollars(amount)}`;
}

/** The reference for the throttle in SQL: a reminder last sent at `lastAt` allows the next one from this moment. */
export function nextReminderAt(lastAt: Date | null): Date | null {
  return lastAt === null ? null : new Date(lastAt.getTime() + REMINDER_THROTTLE_HOURS * HOUR_MS);
}

/** Whether a reminder may be sent at `now` (the boundary itself is allowed). */
export function isReminderAllowed(lastAt: Date | null, now: Date): boolean {
  const next = nextReminderAt(lastAt);
  return next === null || next.getTime() <= now.getTime();
}

/**
 * The reference for the reminder job's rule: when an unpaid bet's next
 * automatic reminder is due, or null when it had all of them. The first comes
 * 3 days after resolution, each further one 7 days after the last reminder of
 * any kind, and never within 24 hours of one (the shared throttle).
 */
export function nextAutoReminderAt(bet: {
  completedAt: Date;
  lastRemindedAt: Date | null;
  autoRemindersSent: number;
}): Date | null {
  if (bet.autoRemindersSent >= AUTO_REMINDER_MAX) return null;
  const throttle = nextReminderAt(bet.lastRemindedAt)?.getTime() ?? 0;
  if (bet.autoRemindersSent === 0)
    return new Date(Math.max(bet.completedAt.getTime() + AUTO_REMINDER_FIRST_DAYS * DAY_MS, throttle));
  const last = bet.lastRemindedAt ?? bet.completedAt;
  return new Date(last.getTime() + AUTO_REMINDER_EVERY_DAYS * DAY_MS);
}
