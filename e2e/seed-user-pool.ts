/*
 * Creates a pool of verified, signed-in users in a fresh data directory before
 * the e2e server starts on it, and writes them (with their session cookies) to
 * a JSON file:
 *
 *   DATA_DIR=… PUBLIC_URL=… node --import tsx e2e/seed-user-pool.ts <count> <out.json>
 *
 * Why: the server's sign-up limit is 5 per minute per IP and all e2e traffic
 * comes from 127.0.0.1, so a suite that needs a dozen users cannot create them
 * over HTTP without waiting minutes (see the budget in e2e/fixtures.ts). Here
 * the server's own better-auth instance is called in process: the real sign-up
 * (same validation and password hashing) sends its verification mail to us,
 * and following that mail's token verifies the user and signs them in, exactly
 * as the link does in a browser. No HTTP, so no rate limit; the limits
 * themselves stay on and untouched.
 *
 * PGlite is single-process: this must finish (and close the database) before
 * the server opens the same directory. Both read the auth secret from
 * DATA_DIR/auth-secret, so the cookies written here are valid for the server.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { openDatabase } from '../server/db/client.ts';
import { createAuth, type PasswordHasher } from '../server/features/auth/auth.service.ts';
import { createLogger } from '../server/lib/logger.ts';
import type { MailWorker } from '../server/lib/mail-outbox.ts';
import type { MailMessage } from '../server/lib/mail-transport.ts';
import { resolveAuthSecret } from '../server/lib/secret.ts';
import { FIRST_NAMES, LAST_NAMES, makeUser, type PooledUser } from './test-users.ts';

/** Hashing runs on libuv's thread pool; a little overlap hides the database writes. */
const CONCURRENCY = 3;

/** Keeps each recipient's verification token instead of sending mail. */
function tokenMailbox() {
  const tokens = new Map<string, string>();
  const worker: MailWorker = {
    send: (message: MailMessage) => {
      const token = /[?&]token=([^&\s"'<>]+)/.exec(message.text)?.[1];
      if (token) tokens.set(message.to.toLowerCase(), decodeURIComponent(token));
      return Promise.resolve();
    },
    wake: () => {},
    drain: async () => {},
    start: () => {},
    stop: async () => {},
  };
  return { worker, tokenFor: (email: string) => tokens.get(email.toLowerCase()) };
}

function distinctNames(count: number): Array<{ first: string; last: string }> {
  const all = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => ({ first, last })));
  if (count > all.length)
    throw new Error(`seed-user-pool: at most ${all.length} distinct names, asked for ${count}`);
  // Fisher-Yates with Math.random: any order works, the point is no repeats.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j] as (typeof all)[number], all[i] as (typeof all)[number]];
  }
  return all.slice(0, count);
}

/**
 * better-auth's own scrypt, computed once: every pool user shares one password, so
 * its hash (salt included) is valid for all of them and the server checks it with
 * the same scrypt at sign-in. Hashing each user's own password cost 0.4 s apiece,
 * 40 s of the suite's set-up for 96 users.
 */
function memoizedScrypt(): PasswordHasher {
  const hashes = new Map<string, Promise<string>>();
  const verdicts = new Map<string, Promise<boolean>>();
  return {
    hash: (password) => {
      let hash = hashes.get(password);
      if (!hash) hashes.set(password, (hash = hashPassword(password)));
      return hash;
    },
    verify: (input) => {
      const key = `${input.hash}\n${input.password}`;
      let verdict = verdicts.get(key);
      if (!verdict) verdicts.set(key, (verdict = verifyPassword(input)));
      return verdict;
    },
  };
}

function cookiesFrom(headers: Headers): PooledUser['cookies'] {
  return headers.getSetCookie().map((line) => {
    const pair = line.split(';', 1)[0] ?? '';
    const equals = pair.indexOf('=');
    return { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
  });
}

async function main(): Promise<void> {
  const [countArg, outFile] = process.argv.slice(2);
  const count = Number(countArg);
  const dataDir = process.env.DATA_DIR;
  const publicUrl = process.env.PUBLIC_URL;
  if (!Number.isInteger(count) || count < 1 || !outFile || !dataDir || !publicUrl) {
    throw new Error(
      'usage: DATA_DIR=… PUBLIC_URL=… node --import tsx e2e/seed-user-pool.ts <count> <out.json>',
    );
  }

  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const mailbox = tokenMailbox();
    const auth = createAuth({
      db: database.db,
      publicUrl,
      secret: resolveAuthSecret(undefined, dataDir),
      mail: mailbox.worker,
      logger: createLogger('warn'),
      passwordHasher: memoizedScrypt(),
    });
    const password = `pw-${randomBytes(6).toString('hex')}-pool`;

    const createOne = async (name: { first: string; last: string }): Promise<PooledUser> => {
      const user = { ...makeUser(name), password };
      // Our sign-up hook also requires the age box, which better-auth's body type doesn't list.
      const body = { ...user, ageConfirmed: true };
      const signedUp = await auth.api.signUpEmail({ body });
      const token = mailbox.tokenFor(user.email);
      if (!token) throw new Error(`seed-user-pool: no verification mail for ${user.email}`);
      // Follow the emailed link, then sign in (the link alone signs in only the browser that signed up).
      const verified = await auth.api.verifyEmail({ query: { token }, asResponse: true });
      if (!verified.ok) throw new Error(`seed-user-pool: verifying ${user.email} answered ${verified.status}`);
      const signedIn = await auth.api.signInEmail({
        body: { email: user.email, password: user.password },
        asResponse: true,
      });
      const cookies = cookiesFrom(signedIn.headers);
      if (!signedIn.ok || !cookies.some((cookie) => cookie.name.endsWith('session_token'))) {
        throw new Error(
          `seed-user-pool: signing in ${user.email} answered ${signedIn.status} without a session`,
        );
      }
      return { ...user, id: signedUp.user.id, cookies };
    };

    const names = distinctNames(count);
    const pool: PooledUser[] = [];
    for (let start = 0; start < names.length; start += CONCURRENCY) {
      pool.push(...(await Promise.all(names.slice(start, start + CONCURRENCY).map(createOne))));
    }
    writeFileSync(outFile, JSON.stringify(pool, null, 2));
  } finally {
    await database.close();
  }
}

await main();
