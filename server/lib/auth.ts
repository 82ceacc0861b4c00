import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { username } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { signUpInputSchema, issueTitle } from '../../domain/users.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import type { Logger } from './logger.ts';
import type { MailWorker } from './mail-outbox.ts';
import { existingAccountMail, resetPasswordMail, verificationMail } from './mail-templates.ts';

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
  /** Per-rule request budgets; tests may tighten them but never turn limiting off. */
  rateLimit?: { signIn?: number; signUp?: number; reset?: number };
};

/** Verification links sent on sign-in would otherwise land on '/', the sign-up screen. */
function withVerifiedCallback(url: string): string {
  const parsed = new URL(url);
  const callback = parsed.searchParams.get('callbackURL');
  if (!callback || callback === '/') parsed.searchParams.set('callbackURL', VERIFIED_CALLBACK_PATH);
  return parsed.toString();
}

function trustedOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl);
  const origins = [origin.origin];
  // localhost and 127.0.0.1 are the same machine to a local user.
  if (origin.hostname === 'localhost') origins.push(`${origin.protocol}//127.0.0.1${origin.port ? `:${origin.port}` : ''}`);
  if (origin.hostname === '127.0.0.1') origins.push(`${origin.protocol}//localhost${origin.port ? `:${origin.port}` : ''}`);
  return origins;
}

export function createAuth(deps: AuthDeps) {
  const { db, publicUrl, secret, mail, logger } = deps;
  const limits = { signIn: 10, signUp: 5, reset: 5, ...deps.rateLimit };

  return betterAuth({
    appName: 'Sidepot',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // Open event streams of an ended session close at once instead of at their next heartbeat.
    databaseHooks: { session: { delete: { after: (session) => Promise.resolve(deps.onSessionEnded?.(session.userId)) } } },
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
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mail.send(resetPasswordMail(user.email, user.name, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        await mail.send(existingAccountMail(user.email, user.name, `${publicUrl}/login`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send(verificationMail(user.email, user.name, withVerifiedCallback(url)));
      },
    },
    plugins: [username({ minUsernameLength: 3, maxUsernameLength: 30 })],
    // Profile edits go through our own validated API; these generic endpoints would bypass it.
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/link-social', '/unlink-account'],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/*': { window: 60, max: limits.signIn },
        '/sign-up/*': { window: 60, max: limits.signUp },
        '/request-password-reset': { window: 60, max: limits.reset },
        '/reset-password': { window: 60, max: limits.reset },
        '/send-verification-email': { window: 60, max: limits.reset },
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
        if (level === 'error') logger.error({ source: 'auth' }, message);
        else if (level === 'warn') logger.warn({ source: 'auth' }, message);
        else logger.debug({ source: 'auth' }, message);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const parsed = signUpInputSchema.safeParse(ctx.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new APIError('UNPROCESSABLE_ENTITY', {
              code: 'VALIDATION_FAILED',
              message: issue?.message ?? 'Invalid input.',
              title: issueTitle(issue),
              field: String(issue?.path[0] ?? ''),
            });
          }
          const { name, username: handle, email, password, phone, venmoHandle } = parsed.data;
          // Merged into the request body by better-auth: the normalized values win.
          return {
            context: { body: { name, username: handle, displayUsername: handle, email, password, phone, venmoHandle } },
          };
        }
        if (ctx.path === '/sign-in/username') {
          const body: unknown = ctx.body;
          const raw = typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
          if (typeof raw === 'string' && raw.trim() !== '') {
            const [found] = await db
              .select({ id: users.id })
              .from(users)
              .where(eq(users.username, raw.trim().toLowerCase()))
              .limit(1);
            if (!found) {
              throw new APIError('UNAUTHORIZED', {
                code: 'USERNAME_NOT_FOUND',
                message: 'Username not found. Please check your username or try using your email.',
              });
            }
          }
        }
        return undefined;
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
export type Session = Auth['$Infer']['Session']['session'];
