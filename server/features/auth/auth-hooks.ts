import { randomBytes, randomUUID } from 'node:crypto';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { inviteCodeSchema } from '#domain/invites.ts';
import { textMessages } from '#domain/text.ts';
import { issueTitle, signUpInputSchema, type SignUpInput } from '#domain/users.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { authFieldLabel, findGarbledAuthField } from './auth-input.ts';
import { claimSignInAttempt, claimSignUp, clearSignInFailures } from './auth-limits.ts';

/*
 * better-auth hooks: our input rules on sign-up, per-account sign-in throttling, the
 * verification-link binding, and no session token in any JSON answer.
 */

type AuthCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The only fields the sign-up form sends; anything else (`image`, `emailVerified`, …) is refused. */
const SIGN_UP_FIELDS = new Set([
  'name',
  'username',
  'email',
  'password',
  'phone',
  'venmoHandle',
  'ageConfirmed',
  'callbackURL',
  // The invite link the account signs up through.
  'invite',
]);

/** Marks the browser that signed up, so only it is signed in by the emailed link. */
const BINDING_COOKIE = 'signup_binding';
const BINDING_MAX_AGE_SECONDS = 60 * 60;

const recordSchema = z.record(z.string(), z.unknown());
const withUserIdSchema = z.object({ user: z.object({ id: z.string() }) });
const verificationPayloadSchema = z.object({ email: z.string(), updateTo: z.string().optional() });

/** Releases of sign-up claims, from the before hook to the after hook of the same request. */
const signUpReleases = new WeakMap<Request, () => Promise<void>>();
/** The invite code a real sign-up carries, from the before hook to the after hook. */
const signUpInvites = new WeakMap<Request, string>();
/** The account a sign-in request targets, from the before hook to the after hook. */
const signInAccounts = new WeakMap<Request, string>();

function validationError(message: string, title: string, field: string): APIError {
  return new APIError('UNPROCESSABLE_ENTITY', { code: 'VALIDATION_FAILED', message, title, field });
}

function bodyOf(ctx: AuthCtx): Record<string, unknown> {
  const parsed = recordSchema.safeParse(ctx.body);
  return parsed.success ? parsed.data : {};
}

async function setBindingCookie(ctx: AuthCtx, userId: string): Promise<void> {
  const cookie = ctx.context.createAuthCookie(BINDING_COOKIE, { maxAge: BINDING_MAX_AGE_SECONDS });
  await ctx.setSignedCookie(cookie.name, userId, ctx.context.secret, {
    ...cookie.attributes,
    path: '/api/auth',
  });
}

/** What a sign-up answers when it creates nothing: the same shape as a real one. */
function genericSignUpAnswer(input: SignUpInput, id: string) {
  const now = new Date();
  return {
    token: null,
    user: {
      id,
      name: input.name,
      email: input.email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      username: input.username.toLowerCase(),
      displayUsername: input.username,
      phone: input.phone,
      venmoHandle: input.venmoHandle,
    },
  };
}

async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username.toLowerCase()))
    .limit(1);
  return found !== undefined;
}

async function beforeSignUp(ctx: AuthCtx, db: Db) {
  const body = bodyOf(ctx);
  const unexpected = Object.keys(body).find((key) => !SIGN_UP_FIELDS.has(key));
  if (unexpected) throw validationError(`Unexpected field: ${unexpected}.`, 'Signup Failed', unexpected);
  const parsed = signUpInputSchema.safeParse(ctx.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationError(
      issue?.message ?? 'Invalid input.',
      issueTitle(issue),
      String(issue?.path[0] ?? ''),
    );
  }
  const input = parsed.data;
  // Concurrent sign-ups with one email would race to the unique index and fail differently from
  // the rest: one runs, the others answer like a sign-up (the identical-reply rule).
  // A taken username is refused by the username plugin's hook, after ours, and a refusal there would
  // skip our after hook and leave the claim held: such a sign-up never claims.
  if (ctx.request && !(await isUsernameTaken(db, input.username))) {
    const release = await claimSignUp(db, input.email);
    if (!release) {
      const id = randomUUID().replaceAll('-', '');
      await setBindingCookie(ctx, id);
      return ctx.json(genericSignUpAnswer(input, id));
    }
    signUpReleases.set(ctx.request, release);
    const invite = inviteCodeSchema.safeParse(bodyOf(ctx)['invite']);
    // A malformed code is a dead link: the account is made without it.
    if (invite.success) signUpInvites.set(ctx.request, invite.data);
  }
  const { name, username, email, password, phone, venmoHandle } = input;
  // Merged into the request body by better-auth: the normalized values win.
  return {
    context: { body: { name, username, displayUsername: username, email, password, phone, venmoHandle } },
  };
}

async function afterSignUp(ctx: AuthCtx, hooks: AuthHookDeps) {
  const release = ctx.request ? signUpReleases.get(ctx.request) : undefined;
  if (release && ctx.request) {
    signUpReleases.delete(ctx.request);
    await release();
  }
  const invite = ctx.request ? signUpInvites.get(ctx.request) : undefined;
  if (ctx.request) signUpInvites.delete(ctx.request);
  // Set on every answer that looks like success (a real or a generic one), so the two stay identical.
  const created = withUserIdSchema.safeParse(ctx.context.returned);
  if (created.success) {
    await setBindingCookie(ctx, created.data.user.id);
    // Stored with the account, so the link opened in any browser (or none) still makes the friendship.
    if (invite) await hooks.invites?.recordPending(created.data.user.id, invite);
  }
}

/** One hash of a throwaway password per auth instance (its configured hasher: scrypt, or the tests' cheap one). */
const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * Checks the typed password against a hash no account has, exactly as a known account's password
 * is checked, so an unknown username costs the same time and timing adds no second oracle (ADR 051).
 */
async function verifyDummyPassword(ctx: AuthCtx, password: unknown): Promise<void> {
  const hasher = ctx.context.password;
  let hash = dummyHashes.get(hasher);
  if (!hash) {
    hash = hasher.hash(randomBytes(16).toString('base64url'));
    dummyHashes.set(hasher, hash);
  }
  await hasher.verify({ hash: await hash, password: typeof password === 'string' ? password : '' });
}

/** Which account a sign-in targets: the user's id, or the email when no account has it. */
async function signInAccount(ctx: AuthCtx, db: Db): Promise<string | null> {
  const body = bodyOf(ctx);
  if (ctx.path === '/sign-in/username') {
    const raw = body['username'];
    if (typeof raw !== 'string' || raw.trim() === '') return null;
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, raw.trim().toLowerCase()))
      .limit(1);
    if (!found) {
      // As long as a known username with a wrong password: the same password check runs (ADR 051).
      await verifyDummyPassword(ctx, body['password']);
      throw new APIError('UNAUTHORIZED', {
        code: 'USERNAME_NOT_FOUND',
        message: 'Username not found. Please check your username or try using your email.',
      });
    }
    return found.id;
  }
  const raw = body['email'];
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const email = raw.trim().toLowerCase();
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  // Unknown emails are throttled too, so the throttle does not tell which emails have accounts.
  return found ? found.id : `email:${email}`;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

async function beforeSignIn(ctx: AuthCtx, db: Db) {
  const account = await signInAccount(ctx, db);
  if (!account) return;
  if (ctx.request) signInAccounts.set(ctx.request, account);
  const claim = await claimSignInAttempt(db, account);
  if (!claim.allowed) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      {
        code: 'SIGN_IN_THROTTLED',
        message: `Too many failed sign-in attempts for this account. Please wait ${waitText(claim.retryAfterSeconds)} and try again.`,
        retryAfter: claim.retryAfterSeconds,
      },
      { 'Retry-After': String(claim.retryAfterSeconds) },
    );
  }
}

async function afterSignIn(ctx: AuthCtx, db: Db) {
  const returned = ctx.context.returned;
  if (isAPIError(returned)) {
    // The password was right (it is checked first) but the email is not verified yet: the link the
    // server has just re-sent may sign in this browser, as it would the one that signed up.
    const account = ctx.request ? signInAccounts.get(ctx.request) : undefined;
    if (returned.body?.code === 'EMAIL_NOT_VERIFIED' && account) {
      await clearSignInFailures(db, account);
      await setBindingCookie(ctx, account);
    }
    return undefined;
  }
  const signedIn = withUserIdSchema.safeParse(returned);
  if (signedIn.success) await clearSignInFailures(db, signedIn.data.user.id);
  return withoutToken(ctx, returned);
}

/**
 * The emailed link signs in only the browser that signed up (it holds the binding cookie) and only
 * when that browser has no session: a link opened anywhere else verifies the account and nothing more,
 * so an <img> or a link planted by someone else cannot swap a signed-in user into their account.
 */
async function afterVerifyEmail(ctx: AuthCtx, hooks: AuthHookDeps) {
  const returned = ctx.context.returned;
  // Success and failure both redirect; a failure's location carries `error=`.
  if (!isAPIError(returned)) return;
  const headers: unknown = returned.headers;
  const location = headers instanceof Headers ? headers.get('location') : null;
  if (!location || location.includes('error=')) return;
  const token = typeof ctx.query?.['token'] === 'string' ? ctx.query['token'] : null;
  if (!token) return;
  const payload = verificationPayloadSchema.safeParse(await verifyJWT(token, ctx.context.secret));
  if (!payload.success || payload.data.updateTo) return;
  const found = await ctx.context.internalAdapter.findUserByEmail(payload.data.email);
  if (!found?.user.emailVerified) return;

  // Whichever browser opens the link: the invite the account signed up with makes the friendship now.
  await hooks.invites?.applyPending(found.user.id);

  const cookie = ctx.context.createAuthCookie(BINDING_COOKIE);
  const boundUserId = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!boundUserId) return;
  if (await getSessionFromCtx(ctx)) return;
  if (found.user.id !== boundUserId) return;

  const session = await ctx.context.internalAdapter.createSession(found.user.id);
  await setSessionCookie(ctx, { session, user: found.user });
  ctx.setCookie(cookie.name, '', { ...cookie.attributes, path: '/api/auth', maxAge: 0 });
}

/** ADR 002: scripts never see the raw session token; the HttpOnly cookie carries it. */
function withoutToken(ctx: AuthCtx, returned: unknown) {
  const parsed = recordSchema.safeParse(returned);
  if (!parsed.success || !('token' in parsed.data)) return undefined;
  const { token: _token, ...rest } = parsed.data;
  return ctx.json(rest);
}

function sessionWithoutToken(session: unknown): unknown {
  const parsed = recordSchema.safeParse(session);
  if (!parsed.success) return session;
  const { token: _token, ...rest } = parsed.data;
  return rest;
}

function afterSessionRead(ctx: AuthCtx) {
  const returned = ctx.context.returned;
  if (ctx.path === '/list-sessions') {
    return Array.isArray(returned) ? ctx.json(returned.map(sessionWithoutToken)) : undefined;
  }
  const parsed = recordSchema.safeParse(returned);
  if (!parsed.success || !parsed.data['session']) return undefined;
  return ctx.json({ ...parsed.data, session: sessionWithoutToken(parsed.data['session']) });
}

/** The invite feature, injected (lib/ never imports features). */
export type AuthHookDeps = {
  invites?: {
    /** Keeps the invite code a new account signed up with. */
    recordPending: (userId: string, code: string) => Promise<void>;
    /** After the email is verified: makes the friendship the account signed up for. */
    applyPending: (userId: string) => Promise<void>;
  };
};

export function createAuthHooks(db: Db, hooks: AuthHookDeps = {}) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const garbled = findGarbledAuthField(ctx.body) ?? findGarbledAuthField(ctx.query);
      if (garbled !== undefined) {
        const { title, message } = textMessages.invalidCharacters(authFieldLabel(garbled));
        throw new APIError('UNPROCESSABLE_ENTITY', {
          code: 'VALIDATION_FAILED',
          message,
          title,
          field: garbled,
        });
      }
      if (ctx.path === '/sign-up/email') return beforeSignUp(ctx, db);
      if (ctx.path === '/sign-in/username' || ctx.path === '/sign-in/email') await beforeSignIn(ctx, db);
      return undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/sign-up/email') await afterSignUp(ctx, hooks);
      if (ctx.path === '/sign-in/username' || ctx.path === '/sign-in/email') return afterSignIn(ctx, db);
      if (ctx.path === '/verify-email') await afterVerifyEmail(ctx, hooks);
      if (ctx.path === '/get-session' || ctx.path === '/list-sessions') return afterSessionRead(ctx);
      return undefined;
    }),
  };
}
