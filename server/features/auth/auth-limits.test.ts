import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/testing/db.ts';
import {
  claimExistingAccountMail,
  claimSignInAttempt,
  claimSignUp,
  SIGN_IN_FAILURE_WINDOW_MS,
  signInDelaySeconds,
} from './auth-limits.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const T0 = 1_900_000_000_000;
const SECOND = 1000;

test('the wait after n failed sign-ins is 0 for the first 5, then 2, 4, 8 … seconds, capped at 5 minutes', () => {
  expect([0, 4, 5, 6, 7, 8, 12, 13, 40].map(signInDelaySeconds)).toEqual([0, 0, 2, 4, 8, 16, 256, 300, 300]);
});

test('sign-in claims: 5 free, then each after its wait, capped, and forgotten after 15 quiet minutes', async () => {
  const account = randomUUID();
  let now = T0;
  for (let i = 0; i < 5; i += 1)
    expect(await claimSignInAttempt(database.db, account, now)).toEqual({ allowed: true });
  for (let n = 5; n < 14; n += 1) {
    const wait = signInDelaySeconds(n);
    expect(await claimSignInAttempt(database.db, account, now + wait * SECOND - 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    now += wait * SECOND;
    expect(await claimSignInAttempt(database.db, account, now)).toEqual({ allowed: true });
  }
  // The cap: never more than 5 minutes, however many failures.
  expect(await claimSignInAttempt(database.db, account, now + 1)).toEqual({
    allowed: false,
    retryAfterSeconds: 300,
  });
  // 15 minutes without attempts: the count starts again, 5 free attempts.
  now += SIGN_IN_FAILURE_WINDOW_MS;
  for (let i = 0; i < 5; i += 1)
    expect(await claimSignInAttempt(database.db, account, now)).toEqual({ allowed: true });
  expect((await claimSignInAttempt(database.db, account, now)).allowed).toBe(false);
});

test('concurrent claims are decided one at a time', async () => {
  const account = randomUUID();
  const signIns = await Promise.all(
    Array.from({ length: 20 }, () => claimSignInAttempt(database.db, account, T0)),
  );
  expect(signIns.filter((claim) => claim.allowed)).toHaveLength(5);

  const email = `${randomUUID()}@example.com`;
  const mails = await Promise.all(
    Array.from({ length: 20 }, () => claimExistingAccountMail(database.db, email, T0)),
  );
  expect(mails.filter(Boolean)).toHaveLength(1);
  expect(await claimExistingAccountMail(database.db, email, T0 + 60 * 60 * SECOND)).toBe(true);

  const signUps = await Promise.all(Array.from({ length: 20 }, () => claimSignUp(database.db, email, T0)));
  const held = signUps.filter((release) => release !== null);
  expect(held).toHaveLength(1);
  await held[0]?.();
  expect(await claimSignUp(database.db, email, T0)).not.toBeNull();
});
