import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins';
import type { Db } from '#server/db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '#server/db/schema/auth.ts';
import { createAuthHooks, type AuthHookDeps } from './auth-hooks.ts';
import { createCachedSessionReader } from '#server/lib/cached-session.ts';
import { installFastHmac } from '#server/lib/fast-hmac.ts';
import { claimExistingAccountMail, claimResetMail } from './auth-limits.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { MailWorker } from '#server/lib/mail-outbox.ts';
import { existingAccountMail, resetPasswordMail, verificationMail } from '#server/lib/mail-templates.ts';
import { trustedOrigins } from '#server/lib/origins.ts';
import { createSessionVersions, SESSION_CACHE_SECONDS } from '#server/lib/session-cache.ts';

/** Set by our own middleware from the socket address; any client-sent value is dropped. */
export const CLIENT_IP_HEADER = 'x-sidepot-client-ip';

export const VERIFIED_CALLBACK_PATH = '/login?verified=1';

export type AuthDeps = {
  db: Db;
  publicUrl: string;
  secret: string;
  mail: MailWorker;
  logger: Logger;
  /** Called after a session row is deleted (sign-out, revocation, password reset), once committed. */
  onSessionEnded?: (userId: string) => void;
  /** Invite links carried through sign-up and email verification. */
  invites?: AuthHookDeps['invites'];
  /**
   * Redis: sessions are read from here (a session check makes no
   * database query) and the auth rate-limit counters live here. Session rows
   * stay in the database too, so listing, revoking and the delete hook work as before.
   */
  secondaryStorage?: BetterAuthOptions['secondaryStorage'];
  /** Per-rule request budgets; tests may tighten them but never turn limiting off. */
  rateLimit?: { signIn?: number; signUp?: number; reset?: number };
  /**
   * Password hashing; default better-auth's scrypt (N=16384, r=16, in JavaScript: tens of ms of CPU
   * per call). Only the API test harness replaces it, with a salted SHA-256 (server/testing/password.ts).
   */
  passwordHasher?: PasswordHasher;
};

export type PasswordHasher = NonNullable<NonNullable<BetterAuthOptions['emailAndPassword']>['password']>;

/** Verification links sent on sign-in would otherwise land on '/', the sign-up screen. */
function withVerifiedCallback(url: string): string {
  const parsed = new URL(url);
  const callback = parsed.searchParams.get('callbackURL');
  if (!callback || callback === '/') parsed.searchParams.set('callbackURL', VERIFIED_CALLBACK_PATH);
  return parsed.toString();
}

export function createAuth(deps: AuthDeps) {
  const { db, publicUrl, secret, mail, logger } = deps;
  const limits = { signIn: 10, signUp: 5, reset: 5, ...deps.rateLimit };
  const sessionVersions = createSessionVersions();
  // Every signed-in request checks two HMACs through WebCrypto (fast-hmac.ts).
  installFastHmac();

  const auth = betterAuth({
    appName: 'Sidepot',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(publicUrl),
    session: {
      // A session check reads a signed cookie instead of the database (see session-cache.ts).
      cookieCache: {
        enabled: true,
        maxAge: SESSION_CACHE_SECONDS,
        version: (_session, user) => sessionVersions.versionOf(user.id),
      },
      ...(deps.secondaryStorage ? { storeSessionInDatabase: true } : {}),
    },
    ...(deps.secondaryStorage
      ? {
          secondaryStorage: deps.secondaryStorage,
          // Verification tokens stay rows: they must outlive a Redis flush.
          verification: { storeInDatabase: true },
        }
      : {}),
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // Open event streams of an ended session close at once instead of at their next heartbeat.
    databaseHooks: {
      session: {
        delete: {
          after: (session) => {
            sessionVersions.invalidate(session.userId);
            return Promise.resolve(deps.onSessionEnded?.(session.userId));
          },
        },
      },
    },
    user: {
      additionalFields: {
        phone: { type: 'string', required: true, input: true },
        venmoHandle: { type: 'string', required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      ...(deps.passwordHasher ? { password: deps.passwordHasher } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Per-account limits on top of the per-address ones: the answer is the same either way.
      sendResetPassword: async ({ user, url }) => {
        if (await claimResetMail(db, user.email)) await mail.send(resetPasswordMail(user.email, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (await claimExistingAccountMail(db, user.email)) {
          await mail.send(existingAccountMail(user.email, `${publicUrl}/login`));
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // Only the browser that signed up is signed in by the link (see auth-hooks.ts).
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send(verificationMail(user.email, withVerifiedCallback(url)));
      },
    },
    plugins: [username({ minUsernameLength: 3, maxUsernameLength: 30 })],
    // Profile edits go through our own validated API; these generic endpoints would bypass it.
    disabledPaths: ['/update-user', '/update-session', '/change-email', '/delete-user', '/link-social', '/unlink-account'],
    rateLimit: {
      enabled: true,
      storage: deps.secondaryStorage ? 'secondary-storage' : 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/*': { window: 60, max: limits.signIn },
        '/sign-up/*': { window: 60, max: limits.signUp },
        '/request-password-reset': { window: 60, max: limits.reset },
        '/reset-password': { window: 60, max: limits.reset },
        '/send-verification-email': { window: 60, max: limits.reset },
        // Every page load reads the session: counting it per address would sign out a household or an
        // office behind one address once others used the budget. It is a read by the cookie's owner
        // (our own session middleware calls it without any limit too).
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'sidepot',
      // Explicit, because the library turns these checks off when NODE_ENV is 'test'.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message) => {
        // A refused redirect or callback URL is the client's input (answered 403), though better-auth logs it as an error;
        // so is a session cache cookie that is not JSON (a forged or truncated cookie).
        const isRefusedInput = /^Invalid [A-Za-z]+URL\b/.test(message) || message === 'Error parsing JSON';
        if (level === 'error' && !isRefusedInput) logger.error({ source: 'auth' }, message);
        else if (level === 'error') logger.warn({ source: 'auth' }, message);
        else if (level === 'warn') logger.warn({ source: 'auth' }, message);
        else logger.debug({ source: 'auth' }, message);
      },
    },
    hooks: createAuthHooks(db, { invites: deps.invites }),
  });
  // Known once better-auth's context is built; until then every check goes through getSession.
  let cachedSession: ReturnType<typeof createCachedSessionReader>;
  void auth.$context.then((context) => {
    cachedSession = createCachedSessionReader(context);
  });
  return Object.assign(auth, {
    sessionVersions,
    /** A fresh signed cookie cache read without better-auth's endpoint (cached-session.ts); undefined: ask getSession. */
    readCachedSession: (cookieHeader: string | null | undefined) => cachedSession?.(cookieHeader),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Each cached session carries a copy of its user: after our own API changed the
 * user's row (name, photo), this instance stops trusting the signed cookie copies,
 * and with sessions in Redis those copies are rewritten through better-auth,
 * which reads the row back.
 */
export async function refreshSessionUser(auth: Auth, userId: string): Promise<void> {
  auth.sessionVersions.invalidate(userId);
  const context = await auth.$context;
  if (!context.options.secondaryStorage) return;
  await context.internalAdapter.updateUser(userId, { updatedAt: new Date() });
}
export type SessionUser = Auth['$Infer']['Session']['user'];
export type Session = Auth['$Infer']['Session']['session'];
