import { sql, type SQL } from 'drizzle-orm';
import { REMINDER_THROTTLE_HOURS } from '#domain/reminders.ts';

/** The shared throttle's window, as SQL (a constant, so the planner sees it). */
export const REMINDER_THROTTLE = sql.raw(`interval '${REMINDER_THROTTLE_HOURS} hours'`);

/**
 * "No reminder about this bet in the last 24 hours", for an expression holding
 * `bet.last_reminded_at`. The database's clock decides, on every instance alike.
 */
export function reminderAllowed(lastRemindedAt: SQL): SQL {
  return sql`(${lastRemindedAt} is null or ${lastRemindedAt} <= now() - ${REMINDER_THROTTLE})`;
}

/** When the next reminder may go (a timestamptz), or null when it may go now. */
export function reminderAvailableAt(lastRemindedAt: SQL): SQL {
  return sql`case when ${lastRemindedAt} > now() - ${REMINDER_THROTTLE} then ${lastRemindedAt} + ${REMINDER_THROTTLE} end`;
}
