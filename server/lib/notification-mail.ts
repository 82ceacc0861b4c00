import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { deliveryOf, type NotificationCategory } from '#domain/notification-preferences.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { mailThrottle } from '../db/schema/mail.ts';
import { enqueueMail, MAIL_PRIORITY } from './mail-outbox.ts';
import { heldNotificationsMail, notificationMail } from './mail-templates-notifications.ts';
import { createUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.ts';
import { preferenceEnabledSql } from './preferences.sql.ts';
import type { NewNotification } from './notify.ts';

/** At most one notification mail per recipient and category in this window. */
export const MAIL_THROTTLE_SECONDS = 600;

type MailContext = { publicUrl: string; key: Buffer };

/**
 * Links in notification mail need the public origin and the unsubscribe key.
 * Mail is queued inside the change's transaction, deep in each service, so
 * bootstrap sets these once per process instead of threading them through
 * every caller of writeNotifications. Unset (a script without bootstrap): no mail.
 */
let context: MailContext | null = null;

export function configureNotificationMail(config: { publicUrl: string; authSecret: string }): void {
  context = { publicUrl: config.publicUrl, key: unsubscribeKey(config.authSecret) };
}

const windowPassed = sql`${mailThrottle.lastSentAt} <= now() - make_interval(secs => ${MAIL_THROTTLE_SECONDS})`;

/**
 * Decides "send now" or "hold" for one event in one conditional upsert, so two
 * events at once can never both send: the row lock serializes them and the
 * second one sees the first one's last_sent_at. Sending returns how many were
 * held back since the last mail, to sum them up.
 */
async function takeMailSlot(tx: Db, userId: string, category: NotificationCategory): Promise<{ sending: boolean; heldBack: number }> {
  const t = mailThrottle;
  const [row] = await tx
    .insert(t)
    .values({ userId, category, lastSentAt: sql`now()`, held: 0, released: 0, sending: true })
    .onConflictDoUpdate({
      target: [t.userId, t.category],
      set: {
        sending: windowPassed,
        released: sql`case when ${windowPassed} then ${t.held} else ${t.released} end`,
        held: sql`case when ${windowPassed} then 0 else ${t.held} + 1 end`,
        lastSentAt: sql`case when ${windowPassed} then now() else ${t.lastSentAt} end`,
      },
    })
    .returning({ sending: t.sending, released: t.released });
  return { sending: row?.sending ?? false, heldBack: row?.sending ? row.released : 0 };
}

/**
 * Queues the mail of these inbox lines in the caller's transaction: only types
 * whose delivery includes email, only to a verified address whose category's
 * Email switch is on, and at most one per window (the rest is summed up in the
 * next mail, or by flushHeldNotificationMail when no next one comes).
 */
export async function queueNotificationMail(tx: Db, rows: readonly NewNotification[]): Promise<void> {
  if (!context) return;
  for (const row of rows) {
    const delivery = deliveryOf(row.type);
    if (!delivery?.channels.includes('email')) continue;
    const [recipient] = await tx
      .select({ email: users.email, name: users.name, enabled: preferenceEnabledSql(sql`${users.id}`, delivery.category, 'email') })
      .from(users)
      .where(and(eq(users.id, row.userId), eq(users.emailVerified, true)));
    if (!recipient?.enabled) continue;
    const slot = await takeMailSlot(tx, row.userId, delivery.category);
    if (!slot.sending) continue;
    const [actor] = row.actorId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.actorId)) : [];
    const message = notificationMail(
      {
        type: row.type,
        category: delivery.category,
        to: recipient.email,
        recipientName: recipient.name,
        actorName: actor?.name ?? 'Someone',
        betId: row.betId,
        data: row.data ?? {},
        heldBack: slot.heldBack,
      },
      { publicUrl: context.publicUrl, unsubscribeToken: createUnsubscribeToken(context.key, { userId: row.userId, category: delivery.category }) },
    );
    await enqueueMail(tx, message, MAIL_PRIORITY.notification);
  }
}

/**
 * Held mail whose window ended without a next event: one summary mail per
 * recipient and category, claimed with one conditional UPDATE (so two
 * instances never both send it) and queued in the same transaction.
 * Returns how many summaries were queued.
 */
export async function flushHeldNotificationMail(db: Db): Promise<number> {
  const ctx = context;
  if (!ctx) return 0;
  return db.transaction(async (tx) => {
    const t = mailThrottle;
    const due = await tx
      .update(t)
      .set({ released: sql`${t.held}`, held: 0, lastSentAt: sql`now()`, sending: true })
      .where(and(gt(t.held, 0), lte(t.lastSentAt, sql`now() - make_interval(secs => ${MAIL_THROTTLE_SECONDS})`)))
      .returning({ userId: t.userId, category: t.category, count: t.released });
    let queued = 0;
    for (const item of due) {
      const [recipient] = await tx
        .select({ email: users.email, name: users.name, enabled: preferenceEnabledSql(sql`${users.id}`, item.category, 'email') })
        .from(users)
        .where(eq(users.id, item.userId));
      // Switched off in the meantime: the held mail is dropped with it.
      if (!recipient?.enabled) continue;
      const token = createUnsubscribeToken(ctx.key, { userId: item.userId, category: item.category });
      await enqueueMail(
        tx,
        heldNotificationsMail({ to: recipient.email, recipientName: recipient.name, category: item.category, count: item.count }, { publicUrl: ctx.publicUrl, unsubscribeToken: token }),
        MAIL_PRIORITY.notification,
      );
      queued += 1;
    }
    return queued;
  });
}

/** Runs the flush every minute until stopped; a failed pass is logged and retried on the next tick. */
export function startHeldMailFlush(db: Db, onError: (error: unknown) => void, onQueued: () => void, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    flushHeldNotificationMail(db).then((queued) => {
      if (queued > 0) onQueued();
    }, onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The claim of an unsubscribe token from one of our mails; null when it is not genuine. */
export function verifyUnsubscribe(token: string): UnsubscribeClaim | null {
  return context ? verifyUnsubscribeToken(context.key, token) : null;
}
