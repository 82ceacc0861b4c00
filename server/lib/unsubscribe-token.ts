import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { notificationCategorySchema, type NotificationCategory } from '#domain/notification-preferences.ts';

/**
 * The one-click unsubscribe token of a notification mail (RFC 8058): the
 * recipient and the category, signed with a key derived from AUTH_SECRET.
 * It needs no table: whoever holds the mail may turn that one Email switch
 * off, and nothing else. It does not expire, like the mail it sits in.
 */
export type UnsubscribeClaim = { userId: string; category: NotificationCategory };

const claimSchema = z.object({ u: z.string().min(1).max(200), c: notificationCategorySchema });

/** A key of its own, so a token can never be mistaken for anything better-auth signs. */
export function unsubscribeKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('sidepot/mail-unsubscribe/v1').digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function createUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, c: claim.category })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The claim of a genuine token; null for anything tampered, truncated or malformed. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claim = claimSchema.safeParse(parsed);
  return claim.success ? { userId: claim.data.u, category: claim.data.c } : null;
}
