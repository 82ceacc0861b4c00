import { randomBytes, randomInt } from 'node:crypto';

/** Plain data, no Playwright: also imported by e2e/seed-user-pool.ts, which runs outside the test runner. */
export type TestUser = {
  name: string;
  username: string;
  email: string;
  password: string;
  /** 10 digits, no formatting. */
  phone: string;
  venmoHandle: string;
};

/** A verified user with a live session, made before the server started (e2e/seed-user-pool.ts). */
export type PooledUser = TestUser & {
  id: string;
  /** The session cookies as the server set them (name and raw value). */
  cookies: Array<{ name: string; value: string }>;
};

export const FIRST_NAMES = [
  'Jordan',
  'Avery',
  'Riley',
  'Morgan',
  'Casey',
  'Taylor',
  'Quinn',
  'Skyler',
  'Reese',
  'Harper',
  'Emerson',
  'Rowan',
  'Sasha',
  'Jamie',
];
export const LAST_NAMES = [
  'Rivera',
  'Chen',
  'Okafor',
  'Novak',
  'Patel',
  'Moreau',
  'Kim',
  'Larsen',
  'Silva',
  'Haddad',
  'Duarte',
  'Ivanova',
  'Tanaka',
];

function pick<T>(values: readonly T[]): T {
  const value = values[randomInt(values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/**
 * A user nobody else has: the random suffix makes the username, email and
 * Venmo handle unique. Names repeat across calls unless the caller picks them
 * (the user pool hands out distinct names, see e2e/seed-user-pool.ts).
 */
export function makeUser(name?: { first: string; last: string }): TestUser {
  const suffix = randomBytes(4).toString('hex');
  const first = name?.first ?? pick(FIRST_NAMES);
  const last = name?.last ?? pick(LAST_NAMES);
  return {
    name: `${first} ${last}`,
    username: `${first.toLowerCase()}_${suffix}`,
    email: `${first.toLowerCase()}.${suffix}@sidepot.test`,
    password: `pw-${suffix}-secret`,
    phone: `555${String(randomInt(10_000_000)).padStart(7, '0')}`,
    venmoHandle: `${first}-${last}-${suffix}`,
  };
}
