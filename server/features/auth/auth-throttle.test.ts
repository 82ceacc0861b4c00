import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { rateLimits } from '#server/db/schema/auth.ts';
import { createAgent, sessionEmail, type Agent } from '#server/testing/agent.ts';
import { signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/* ADR 015: limits that stop guessing without signing out or locking out the innocent. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** A better-auth answer (outside the typed API): checked to be an object rather than cast. */
async function json(res: Response): Promise<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).parse(await res.json());
}

// ---------------------------------------------------------------- point 4: many people behind one address

test('20 users behind one address use the app together while a brute force from it is stopped', async () => {
  const shared = t.nextIp();
  const people: Agent[] = [];
  for (let i = 0; i < 20; i += 1) {
    const { agent } = await signedInUser(t);
    const behindNat = createAgent(t, shared);
    for (const [name, value] of agent.cookies) behindNat.cookies.set(name, value);
    people.push(behindNat);
  }
  const victim = await signedInUser(t);

  const statuses: number[] = [];
  // Each person loads 5 pages; each page reads the session twice (the SPA and our API).
  await Promise.all(
    people.map(async (person) => {
      for (let page = 0; page < 5; page += 1) {
        for (const path of ['/api/auth/get-session', '/api/profile', '/api/auth/get-session', '/api/feed']) {
          statuses.push((await person.get(path)).status);
        }
      }
    }),
  );
  expect(statuses).toHaveLength(20 * 5 * 4);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  for (const person of people) expect(await sessionEmail(person)).not.toBeNull();

  // Guesses at many accounts from the same address still hit the per-address sign-in limit.
  const attacker = createAgent(t, shared);
  const guesses: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    guesses.push(
      (
        await attacker.post('/api/auth/sign-in/email', {
          email: `nat-${i}-${victim.input.email}`,
          password: 'guess-123',
        })
      ).status,
    );
  }
  expect(guesses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(guesses.slice(10)).toEqual([429, 429]);
  // 21 real sign-ups (password hashing) and 400 requests: slow on a loaded 2-core machine.
}, 120_000);

// ---------------------------------------------------------------- point 8: per-account throttling

async function shiftThrottleBack(userId: string, ms: number) {
  const [row] = await t.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `acct-signin:${userId}`));
  if (!row) throw new Error('no throttle row');
  await t.db
    .update(rateLimits)
    .set({ lastRequest: row.lastRequest - ms })
    .where(eq(rateLimits.id, row.id));
}

test('after 5 failed sign-ins from 5 addresses the account waits 2 s, then the right password works', async () => {
  const { input, user } = await signedInUser(t);
  for (let i = 0; i < 5; i += 1) {
    const res = await createAgent(t).post('/api/auth/sign-in/username', {
      username: input.username,
      password: `wrong-${i}-pass`,
    });
    expect(res.status).toBe(401);
  }
  // Right password, but too soon: refused without being checked, with a message that says how long to wait.
  const early = await createAgent(t).post('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  expect(early.status).toBe(429);
  expect(early.headers.get('retry-after')).toBe('2');
  expect(await json(early)).toMatchObject({
    code: 'SIGN_IN_THROTTLED',
    message: 'Too many failed sign-in attempts for this account. Please wait 2 seconds and try again.',
  });

  await shiftThrottleBack(user.id, 2000);
  const late = await createAgent(t).post('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  expect(late.status).toBe(200);
  // Success starts the count again.
  expect(
    (await createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: 'wrong-again' }))
      .status,
  ).toBe(401);
});

test('the wait doubles with each further failure', async () => {
  const { input, user } = await signedInUser(t);
  const attempt = () =>
    createAgent(t).post('/api/auth/sign-in/username', {
      username: input.username,
      password: 'not-it-at-all',
    });
  for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(401);
  for (const wait of [2, 4, 8]) {
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(wait));
    await shiftThrottleBack(user.id, wait * 1000);
    expect((await attempt()).status).toBe(401);
  }
});

test('20 concurrent guesses at one account from 20 addresses: at most 5 are checked', async () => {
  const { input } = await signedInUser(t);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: `parallel-${i}` }),
    ),
  );
  const statuses = results.map((res) => res.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(15);
});

test('unknown emails are throttled like accounts, so the throttle reveals nothing', async () => {
  const email = `nobody-${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    statuses.push(
      (await createAgent(t).post('/api/auth/sign-in/email', { email, password: 'whatever-1' })).status,
    );
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});
