import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../features/auth/auth.service.ts';

function digest(salt: string, password: string): Buffer {
  return createHash('sha256').update(`${salt}:${password.normalize('NFKC')}`).digest();
}

/**
 * A salted SHA-256 in better-auth's `salt:key` shape, for the API test harness only. Production
 * keeps scrypt; with it, hashing the test accounts was most of the API suite's CPU time.
 * A wrong password still fails: the auth tests check sign-in with the real comparison.
 */
export const testPasswordHasher: PasswordHasher = {
  hash: (password) => {
    const salt = randomBytes(16).toString('hex');
    return Promise.resolve(`${salt}:${digest(salt, password).toString('hex')}`);
  },
  verify: ({ hash, password }) => {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return Promise.resolve(false);
    const expected = Buffer.from(key, 'hex');
    const actual = digest(salt, password);
    return Promise.resolve(expected.length === actual.length && timingSafeEqual(expected, actual));
  },
};
