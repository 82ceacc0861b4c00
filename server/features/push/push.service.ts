import { and, eq, ne, sql } from 'drizzle-orm';
import { pushMessages, type PushSubscriptionInput } from '#domain/push.ts';
import type { Db } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { AppError } from '#server/lib/errors.ts';

/**
 * Stores this browser's subscription for the user. The endpoint identifies the
 * browser, and a subscription belongs to whoever created it (ADR 051): another
 * user takes it over (a shared device: their row is deleted first, so their
 * pending pushes never reach the new user) only by sending the same keys,
 * which only that browser holds; knowing the endpoint alone answers 409.
 */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionInput, userAgent: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, input.endpoint),
          ne(pushSubscriptions.userId, userId),
          eq(pushSubscriptions.p256dh, input.keys.p256dh),
          eq(pushSubscriptions.auth, input.keys.auth),
        ),
      );
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 500) })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 500) ?? null },
        // Someone else's row stays theirs (409 below); two users racing for one endpoint: the loser gets 409.
        setWhere: sql`${pushSubscriptions.userId} = ${userId}`,
      });
    const [row] = await tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (row?.userId !== userId) throw new AppError('CONFLICT', pushMessages.endpointTaken);
  });
}

/** Removes one of the user's own subscriptions; someone else's endpoint answers like a missing one. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'This device is not subscribed.');
}
