import { eq, sql, type SQL } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { z } from 'zod';
import {
  deliveryOf,
  notificationCategories,
  type NotificationCategory,
} from '#domain/notification-preferences.ts';
import { notificationDataSchema, notificationTypes, notificationTypeSchema, type NotificationType } from '#domain/notifications.ts';
import { PUSH_TTL_SECONDS, pushPayload, pushUrgency } from '#domain/push.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { pushOutbox, pushSubscriptions } from '../db/schema/push.ts';
import type { Logger } from './logger.ts';
import { createOutboxWorker, deliveredColumns, failedColumns, type OutboxWorker } from './outbox-worker.ts';
import { preferenceEnabledSql } from './preferences.sql.ts';
import type { PushEndpointGuard } from './push-endpoint-guard.ts';

export const MAX_PUSH_ATTEMPTS = 8;
const BATCH_SIZE = 20;
const LOCK_SECONDS = 60;
const POLL_MS = 15_000;

/** The notification types each category pushes, from domain's deliveryOf. */
function pushedTypes(category: NotificationCategory): NotificationType[] {
  return notificationTypes.filter((type) => {
    const delivery = deliveryOf(type);
    return delivery?.category === category && delivery.channels.includes('push');
  });
}

/** "This line is pushed, and its recipient keeps that category's Push switch on." */
function wantsPush(): SQL {
  const cases = notificationCategories
    .map((category) => ({ category, types: pushedTypes(category) }))
    .filter(({ types }) => types.length > 0)
    .map(
      ({ category, types }) =>
        sql`(n.type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )}) and ${preferenceEnabledSql(sql`n.user_id`, category, 'push')})`,
    );
  return sql.join(cases, sql` or `);
}

/**
 * Queues one push per new inbox line and device of its recipient, in one
 * statement inside the caller's transaction: a rolled-back change queues
 * nothing, and preferences are read as of that change.
 */
export async function enqueuePushes(tx: Db, notificationIds: string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(sql`
    insert into push_outbox (notification_id, subscription_id)
    select n.id, s.id
    from notification n
    join push_subscription s on s.user_id = n.user_id
    where n.id in (${sql.join(
      notificationIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and (${wantsPush()})
    on conflict do nothing`);
}

const claimedRow = z.object({
  id: z.string(),
  attempts: z.coerce.number(),
  subscription_id: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  type: notificationTypeSchema,
  recipient_id: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  bet_id: z.string().nullable(),
  data: notificationDataSchema,
});
type ClaimedRow = z.output<typeof claimedRow>;

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/**
 * Delivers the push outbox through the shared outbox loop. A 404/410 from the
 * push service means the browser dropped the subscription: it is deleted
 * (with its pending pushes). Other failures retry with backoff; success
 * stamps the subscription's last_ok_at. Every delivery goes through the
 * endpoint guard (ADR 051): an endpoint that is not a browser push service is
 * deleted unsent (rows stored before the allow-list), and the guard's agent
 * refuses to connect to a name that now resolves to a non-public address
 * (a failed attempt, retried: DNS can change back).
 */
export function createPushWorker(deps: { db: Db; vapid: VapidConfig; logger: Logger; endpoints: PushEndpointGuard }): OutboxWorker {
  const { db, vapid, logger, endpoints } = deps;

  async function claim(): Promise<ClaimedRow[]> {
    // The database's clock decides what is due, as in the mail outbox.
    return queryRows(
      db,
      sql`
        with due as (
          select id from push_outbox
          where sent_at is null and failed_at is null and next_attempt_at <= now()
            and (locked_until is null or locked_until <= now())
          order by next_attempt_at
          limit ${BATCH_SIZE}
          for update skip locked
        ), claimed as (
          update push_outbox o set locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
          from due where o.id = due.id
          returning o.id, o.attempts, o.subscription_id, o.notification_id
        )
        select c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth,
          n.type, n.user_id as recipient_id, n.actor_id, u.name as actor_name, n.bet_id, n.data
        from claimed c
        join push_subscription s on s.id = c.subscription_id
        join notification n on n.id = c.notification_id
        left join "user" u on u.id = n.actor_id`,
      claimedRow,
    );
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const payload = pushPayload({
      type: row.type,
      recipientId: row.recipient_id,
      actorId: row.actor_id,
      actorName: row.actor_name,
      betId: row.bet_id,
      data: row.data,
    });
    if (!endpoints.allows(row.endpoint)) {
      logger.warn({ subscriptionId: row.subscription_id }, 'push endpoint is not a browser push service; subscription deleted');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: pushUrgency(row.type),
          contentEncoding: 'aes128gcm',
          timeout: 15_000,
          agent: endpoints.agent,
        },
      );
      await db.update(pushOutbox).set(deliveredColumns(row.attempts)).where(eq(pushOutbox.id, row.id));
      await db.update(pushSubscriptions).set({ lastOkAt: sql`now()` }).where(eq(pushSubscriptions.id, row.subscription_id));
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        logger.info({ subscriptionId: row.subscription_id, status: error.statusCode }, 'push subscription gone; deleted');
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
        return;
      }
      const failed = failedColumns(row.attempts, MAX_PUSH_ATTEMPTS, error instanceof WebPushError ? `${error.statusCode} ${error.body}` : error instanceof Error ? error.message : String(error));
      logger.warn({ pushId: row.id, attempts: failed.attempts, giveUp: failed.failedAt !== null, err: failed.lastError }, 'push delivery failed');
      await db.update(pushOutbox).set(failed).where(eq(pushOutbox.id, row.id));
    }
  }

  return createOutboxWorker({ name: 'push', batchSize: BATCH_SIZE, pollMs: POLL_MS, claim, deliver, logger });
}
