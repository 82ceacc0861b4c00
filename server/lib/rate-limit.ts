import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { queryOne } from '../db/query.ts';
import { LINK_CODE_RATE_LIMIT } from '#domain/invites.ts';
import { AppError } from './errors.ts';

/** A budget of `max` requests per fixed window, answered with `message` once spent. */
export type RateLimitRule = { name: string; max: number; windowMs: number; message: string };

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Our keys share better-auth's `rate_limit` table; the prefix keeps them apart from its `ip|path` keys. */
export const RATE_LIMIT_KEY_PREFIX = 'sidepot:';

const counterRow = z.object({ count: z.coerce.number(), window_start: z.coerce.number() });

/**
 * Counts one request for `subject` against a fixed-window rule, in one
 * conditional upsert (so concurrent requests on any instance count exactly):
 * a window older than `windowMs` starts over at 1, otherwise the count grows.
 * For our keys `last_request` holds the start of the current window (ms).
 * A new row's id is random, as better-auth's are: PostgreSQL arbitrates the conflict on `key` alone, and with
 * the key as the id too, two requests creating a subject's row at once met the primary key first and one
 * failed instead of counting.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: number = Date.now(),
): Promise<RateLimitResult> {
  const key = `${RATE_LIMIT_KEY_PREFIX}${rule.name}:${subject}`;
  const expired = sql`rate_limit.last_request <= ${now - rule.windowMs}`;
  const row = await queryOne(
    db,
    sql`
      insert into rate_limit (id, key, count, last_request)
      values (${randomUUID()}, ${key}, 1, ${now})
      on conflict (key) do update set
        count = case when ${expired} then 1 else rate_limit.count + 1 end,
        last_request = case when ${expired} then ${now} else rate_limit.last_request end
      returning count, last_request as window_start`,
    counterRow,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  const retryAfterSeconds = Math.max(1, Math.ceil((row.window_start + rule.windowMs - now) / 1000));
  return { allowed: row.count <= rule.max, count: row.count, retryAfterSeconds };
}

/**
 * Link codes (invites, challenges) opened or used, per client address and kind: guessing codes
 * costs like guessing passwords (ADR 019, ADR 051). Each kind keeps its own budget, so opening an
 * invite does not spend a challenge look-up.
 */
export function linkCodeLimit(kind: 'invite-open' | 'challenge-open' | 'group-link', message: string) {
  return rateLimit({ name: kind, ...LINK_CODE_RATE_LIMIT, message }, (c) => c.var.clientIp);
}

/**
 * Middleware: spends one unit of `rule` for the subject the request belongs to
 * (e.g. the signed-in user), and answers 429 RATE_LIMITED with `Retry-After`
 * once the window's budget is gone.
 */
export function rateLimit(rule: RateLimitRule, subjectOf: (c: Context<AppEnv>) => string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await consumeRateLimit(c.var.deps.database.db, rule, subjectOf(c));
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', rule.message);
    }
    await next();
  });
}

/**
 * The same fixed window counted in this process's memory: for limits on read requests, which
 * should not write to the database (ADR 035). Each instance counts on its own,
 * so behind a load balancer that spreads one user's requests over N instances the budget is up
 * to N × max.
 */
export function createMemoryRateLimiter(rule: RateLimitRule) {
  const windows = new Map<string, { count: number; start: number }>();
  return function consume(subject: string, now: number = Date.now()): RateLimitResult {
    // Windows are inserted in time order: sweep the expired ones from the front.
    for (const [key, window] of windows) {
      if (window.start > now - rule.windowMs) break;
      windows.delete(key);
    }
    let window = windows.get(subject);
    if (!window || window.start <= now - rule.windowMs) {
      // Re-inserted so the map stays in window-start order.
      windows.delete(subject);
      window = { count: 0, start: now };
      windows.set(subject, window);
    }
    window.count += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000));
    return { allowed: window.count <= rule.max, count: window.count, retryAfterSeconds };
  };
}

/** `rateLimit`, counted in memory (createMemoryRateLimiter): no database write. */
export function memoryRateLimit(rule: RateLimitRule, subjectOf: (c: Context<AppEnv>) => string) {
  const consume = createMemoryRateLimiter(rule);
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = consume(subjectOf(c));
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', rule.message);
    }
    await next();
  });
}
