import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { rateLimits, sessions } from '#server/db/schema/auth.ts';
import { createAgent, type Agent } from '#server/testing/agent.ts';
import { createVerifiedUser, signedInUser } from '#server/testing/factories.ts';
import { testRedisUrl } from '#server/testing/redis.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

// Runs when TEST_REDIS_URL is set (.ci/run sets it; Redis is at 127.0.0.1:6379 on the CI machine).
const redisUrl = testRedisUrl();

/** better-auth's get-session body (outside the typed API), checked rather than cast. */
const sessionBodySchema = z.object({ user: z.object({ id: z.string(), name: z.string() }) }).nullable();

async function sessionOf(agent: Agent) {
  const res = await agent.get('/api/auth/get-session');
  expect(res.status).toBe(200);
  return sessionBodySchema.parse(await res.json());
}

/** The raw token in the signed session cookie (`<token>.<signature>`). */
function sessionToken(agent: Agent): string {
  const cookie = agent.cookies.get('sidepot.session_token');
  if (!cookie) throw new Error('no session cookie');
  return decodeURIComponent(cookie).split('.')[0] ?? '';
}

describe.skipIf(!redisUrl)('sessions and auth rate limits in Redis', () => {
  let t: TestApp;
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    t = await createTestApp({ redisUrl });
    prefix = t.redis?.prefix ?? '';
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    expect(t.serverErrors()).toEqual([]);
    await redis.quit();
    await t.close();
  });

  test('a session check is answered from Redis: it still works with the database row gone', async () => {
    const me = await signedInUser(t);
    const token = sessionToken(me.agent);
    expect(await redis.exists(`${prefix}auth:${token}`)).toBe(1);
    // The row is kept too (lists of sessions, revocation, the session-ended hook) …
    expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token))).toHaveLength(1);

    // … but a request's session check never reads it: with the row deleted behind the
    // library's back, the session still works, so no query for it was made.
    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect((await sessionOf(me.agent))?.user.id).toBe(me.user.id);
    expect((await me.agent.api.profile.$get()).status).toBe(200);
  });

  test('signing out ends the session at once, on every instance (the Redis copy is deleted)', async () => {
    const { agent } = await createVerifiedUser(t);
    const token = sessionToken(agent);
    const stolen = new Map(agent.cookies);
    expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
    expect(await redis.exists(`${prefix}auth:${token}`)).toBe(0);

    const replay = createAgent(t);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    expect(await sessionOf(replay)).toBeNull();
    expect((await replay.api.profile.$get()).status).toBe(401);
  });

  test('revoking another device’s session takes effect at once', async () => {
    const me = await signedInUser(t);
    const phone = createAgent(t);
    expect((await phone.post('/api/auth/sign-in/email', { email: me.input.email, password: me.input.password })).status).toBe(200);
    expect((await sessionOf(phone))?.user.id).toBe(me.user.id);

    expect((await me.agent.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect(await sessionOf(phone)).toBeNull();
    expect((await me.agent.api.profile.$get()).status).toBe(200);
  });

  test('a profile edit shows in the session at once (the cached user is refreshed)', async () => {
    const me = await signedInUser(t);
    const { profile } = await (await me.agent.api.profile.$get()).json();
    const res = await me.agent.api.profile.$patch({
      json: { name: 'Renamed Person', username: profile.username, phone: profile.phone, venmoHandle: profile.venmoHandle },
    });
    expect(res.status).toBe(200);
    expect((await sessionOf(me.agent))?.user.name).toBe('Renamed Person');
  });

  test('the per-address sign-in limit counts in Redis, not in the rate_limit table', async () => {
    const attacker = createAgent(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await attacker.post('/api/auth/sign-in/email', { email: `spray-${i}@example.com`, password: `guess-${i}-x` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const keys = await redis.keys(`${prefix}auth:*${attacker.ip}*`);
    expect(keys.length).toBeGreaterThan(0);
    // better-auth's `ip|path` rows are gone from the table (our own per-account throttle keeps its rows there).
    const [rows] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`%${attacker.ip}%`}`);
    expect(rows?.n).toBe(0);
  });
});
