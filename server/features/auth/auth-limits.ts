import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/auth.ts';

/*
 * Per-account limits, kept in better-auth's `rate_limit` table (key unique, count, last_request in ms)
 * under our own key prefixes, so they need no migration and every instance shares them. Each decision
 * is one conditional upsert: concurrent requests cannot all pass a stale read.
 *
 * Our rows store in `last_request` the time the row EXPIRES, not the last request: better-auth prunes
 * rows whose last_request is older than its longest window (a minute), which would forget a
 * 15-minute failure count or an hour-long mail limit early. A row dated in the future survives until
 * it no longer matters.
 */

/** Failed sign-ins an account may have before each further attempt has to wait. */
export const SIGN_IN_FREE_FAILURES = 5;
/** Failures older than this are forgotten. */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The longest wait between attempts: slows guessing without locking the owner out for long. */
export const SIGN_IN_MAX_DELAY_SECONDS = 5 * 60;
/** At most one "you already have an account" mail per address per hour. */
export const EXISTING_ACCOUNT_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** Password-reset mails per address per hour, whoever asks. */
export const RESET_MAILS_PER_HOUR = 3;
/** A sign-up claim older than this belongs to a request that died; another may take it. */
const SIGN_UP_CLAIM_STALE_MS = 10 * 1000;

const signInKey = (account: string) => `acct-signin:${account}`;
const signUpKey = (email: string) => `acct-signup:${email}`;

/** Seconds to wait after `failures` failed attempts (0 while under the free allowance). */
export function signInDelaySeconds(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES + 1), SIGN_IN_MAX_DELAY_SECONDS);
}

// The same rule in SQL, for the conditional upsert: 2^(count - 4) seconds, capped.
const delayMsSql = sql`least(power(2, ${rateLimits.count} - ${SIGN_IN_FREE_FAILURES - 1}), ${SIGN_IN_MAX_DELAY_SECONDS}) * 1000`;
// last_request holds "forget at" = the last attempt + the window.
const lastAttemptSql = sql`(${rateLimits.lastRequest} - ${SIGN_IN_FAILURE_WINDOW_MS})`;

export type SignInClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a sign-in attempt on an account before the password is checked. The first five within
 * 15 minutes are free; after that an attempt is allowed only once 2^(n-4) seconds (at most 5 minutes)
 * have passed since the previous one. A successful sign-in clears the count (`clearSignInFailures`).
 * Refused attempts are not counted, so waiting always works.
 */
export async function claimSignInAttempt(
  db: Db,
  account: string,
  now: number = Date.now(),
): Promise<SignInClaim> {
  const key = signInKey(account);
  const forgetAt = now + SIGN_IN_FAILURE_WINDOW_MS;
  const expired = sql`${rateLimits.lastRequest} <= ${now}::bigint`;
  const claimed = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: forgetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: forgetAt,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${SIGN_IN_FREE_FAILURES} or ${lastAttemptSql} + ${delayMsSql} <= ${now}::bigint`,
    })
    .returning({ count: rateLimits.count });
  if (claimed.length > 0) return { allowed: true };

  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row) return { allowed: true };
  const waitMs = row.lastRequest - SIGN_IN_FAILURE_WINDOW_MS + signInDelaySeconds(row.count) * 1000 - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export async function clearSignInFailures(db: Db, account: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInKey(account)));
}

/**
 * Takes one unit of a fixed-window quota (`max` per `windowMs`) for `key`; false when it is used up.
 * The window starts with the first use.
 */
async function claimQuota(db: Db, key: string, max: number, windowMs: number, now: number): Promise<boolean> {
  const expired = sql`${rateLimits.lastRequest} <= ${now}::bigint`;
  const claimed = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now + windowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now + windowMs}::bigint else ${rateLimits.lastRequest} end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${max}`,
    })
    .returning({ id: rateLimits.id });
  return claimed.length > 0;
}

/** True for the first call per address per hour: whether to send the "you already have an account" mail. */
export function claimExistingAccountMail(db: Db, email: string, now: number = Date.now()): Promise<boolean> {
  return claimQuota(db, `acct-existing-mail:${email}`, 1, EXISTING_ACCOUNT_MAIL_WINDOW_MS, now);
}

/** Whether to send another password-reset mail to this address (a few per hour). */
export function claimResetMail(db: Db, email: string, now: number = Date.now()): Promise<boolean> {
  return claimQuota(db, `acct-reset-mail:${email}`, RESET_MAILS_PER_HOUR, 60 * 60 * 1000, now);
}

/**
 * Lets one sign-up per email run at a time. Returns a release function, or null when another
 * sign-up for the same email is in flight (the caller answers like any other sign-up).
 */
export async function claimSignUp(
  db: Db,
  email: string,
  now: number = Date.now(),
): Promise<(() => Promise<void>) | null> {
  const key = signUpKey(email);
  // Stored in `count` so a release only ever removes its own claim.
  const owner = randomInt(1, 2 ** 31 - 1);
  const claimed = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: owner, lastRequest: now + SIGN_UP_CLAIM_STALE_MS })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: owner, lastRequest: now + SIGN_UP_CLAIM_STALE_MS },
      setWhere: sql`${rateLimits.lastRequest} <= ${now}::bigint`,
    })
    .returning({ id: rateLimits.id });
  if (claimed.length === 0) return null;
  return async () => {
    await db.delete(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.count, owner)));
  };
}
