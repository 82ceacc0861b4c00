import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { users } from '#server/db/schema/auth.ts';
import { createAgent } from '#server/testing/agent.ts';
import { buildSignUp, createVerifiedUser, latestMailTo, pathOf } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** A better-auth answer (outside the typed API): checked to be an object rather than cast. */
async function json(res: Response): Promise<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).parse(await res.json());
}

test('sign-up stores an unverified user with digits-only phone and emails a verification link', async () => {
  const agent = createAgent(t);
  const input = buildSignUp({ username: 'Mixed.Case_1', phone: '(555) 010-2030', venmoHandle: '@handle-1', email: 'Mixed@Example.com' });
  const res = await agent.post('/api/auth/sign-up/email', input);
  expect(res.status).toBe(200);

  const [row] = await t.db.select().from(users).where(eq(users.email, 'mixed@example.com'));
  expect(row).toMatchObject({
    username: 'mixed.case_1',
    displayUsername: 'Mixed.Case_1',
    phone: '5550102030',
    venmoHandle: 'handle-1',
    emailVerified: false,
  });
  // No session yet: only the cookie that lets this browser's verification link sign it in.
  expect([...agent.cookies.keys()]).toEqual(['sidepot.signup_binding']);

  const mail = await latestMailTo(t, 'mixed@example.com', 'Verify your Sidepot account');
  expect(mail.html).toContain('Sidepot');
  expect(mail.links.some((link) => link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`))).toBe(true);
});

test.each([
  ['age not confirmed', { ageConfirmed: false }, 'Age Verification Required', 'You must confirm you are 18 or older to continue.'],
  ['a blank field', { venmoHandle: '  ' }, 'Missing Information', 'Please fill in all fields to continue.'],
  ['a short password', { password: '12345' }, 'Password Too Short', 'Password must be at least 6 characters long.'],
  ['a 9-digit phone', { phone: '555-123-456' }, 'Invalid Phone Number', 'Please enter a valid 10-digit US phone number.'],
  ['an 11-digit phone', { phone: '1 555 123 4567' }, 'Invalid Phone Number', 'Please enter a valid 10-digit US phone number.'],
  ['a username with spaces', { username: 'two words' }, 'Invalid Username', 'Usernames are 3 to 30 letters, numbers, underscores or dots.'],
  ['a bad email', { email: 'not-an-email' }, 'Invalid Email', 'Please enter a valid email address.'],
])('sign-up with %s is refused with 422 and the rule message', async (_name, overrides, title, message) => {
  const input = buildSignUp(overrides);
  const res = await createAgent(t).post('/api/auth/sign-up/email', input);
  expect(res.status).toBe(422);
  expect(await json(res)).toMatchObject({ code: 'VALIDATION_FAILED', title, message });
  const rows = await t.db.select().from(users).where(eq(users.email, input.email.trim().toLowerCase()));
  expect(rows).toHaveLength(0);
});

test('a username is unique regardless of case', async () => {
  const first = buildSignUp({ username: 'CaseTaken' });
  expect((await createAgent(t).post('/api/auth/sign-up/email', first)).status).toBe(200);
  const res = await createAgent(t).post('/api/auth/sign-up/email', buildSignUp({ username: 'casetaken' }));
  expect(res.status).toBe(400);
  expect(await json(res)).toMatchObject({ code: 'USERNAME_IS_ALREADY_TAKEN' });
});

test('signing up with a registered email answers like a new sign-up and tells the owner by mail', async () => {
  const { input } = await createVerifiedUser(t);
  const again = buildSignUp({ email: input.email.toUpperCase() });
  const res = await createAgent(t).post('/api/auth/sign-up/email', again);
  expect(res.status).toBe(200);
  expect(await json(res)).toMatchObject({ token: null });
  const rows = await t.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.username).toBe(input.username.toLowerCase());
  await latestMailTo(t, input.email.toLowerCase(), 'You already have a Sidepot account');
});

test('login is refused until the email is verified, and the attempt re-sends the link', async () => {
  const agent = createAgent(t);
  const input = buildSignUp();
  await agent.post('/api/auth/sign-up/email', input);
  await latestMailTo(t, input.email, 'Verify');
  const before = (await t.sentMail()).filter((m) => m.to === input.email).length;

  const res = await agent.post('/api/auth/sign-in/username', { username: input.username, password: input.password });
  expect(res.status).toBe(403);
  expect(await json(res)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  expect(agent.cookies.has('sidepot.session_token')).toBe(false);
  const after = (await t.sentMail()).filter((m) => m.to === input.email && m.subject.startsWith('Verify'));
  expect(after.length).toBe(before + 1);
  expect(after.at(-1)?.text).toContain('callbackURL=%2Flogin%3Fverified%3D1');
});

test('following the verification link verifies the account, signs in and lands on /login?verified=1', async () => {
  const agent = createAgent(t);
  const input = buildSignUp();
  await agent.post('/api/auth/sign-up/email', { ...input, callbackURL: '/login?verified=1' });
  const mail = await latestMailTo(t, input.email, 'Verify');
  const res = await agent.get(pathOf(mail.links[0] ?? ''));
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/login?verified=1');

  const session = await json(await agent.get('/api/auth/get-session'));
  expect(session['user']).toMatchObject({ email: input.email, emailVerified: true });
});

test('a tampered verification token is refused', async () => {
  const agent = createAgent(t);
  const res = await agent.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin%3Fverified%3D1');
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^\/login\?verified=1&error=/);
  expect(agent.cookies.size).toBe(0);
});

test('a verified user logs in by username (any case) or by email', async () => {
  const { input } = await createVerifiedUser(t);
  const byName = createAgent(t);
  const res = await byName.post('/api/auth/sign-in/username', { username: input.username.toUpperCase(), password: input.password });
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body['user']).toMatchObject({ username: input.username.toLowerCase() });
  expect(JSON.stringify(body)).not.toContain(input.password);
  expect(res.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);
  expect(res.headers.getSetCookie().join(';')).toMatch(/SameSite=Lax/i);

  const byEmail = createAgent(t);
  expect((await byEmail.post('/api/auth/sign-in/email', { email: input.email, password: input.password })).status).toBe(200);
  const session = await json(await byEmail.get('/api/auth/get-session'));
  expect(session['user']).toMatchObject({ email: input.email });
});

test('an unknown username and a wrong password get distinct, spec-mapped codes', async () => {
  const { input } = await createVerifiedUser(t);
  const unknown = await createAgent(t).post('/api/auth/sign-in/username', { username: 'nobody_here_42', password: 'whatever1' });
  expect(unknown.status).toBe(401);
  expect(await json(unknown)).toMatchObject({ code: 'USERNAME_NOT_FOUND' });

  const wrong = await createAgent(t).post('/api/auth/sign-in/username', { username: input.username, password: 'wrong-password' });
  expect(wrong.status).toBe(401);
  expect(await json(wrong)).toMatchObject({ code: 'INVALID_USERNAME_OR_PASSWORD' });

  const wrongEmail = await createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: 'wrong-password' });
  expect(wrongEmail.status).toBe(401);
  expect(await json(wrongEmail)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
});

test('no auth answer exposes another user\'s email when logging in by username', async () => {
  const { input } = await createVerifiedUser(t);
  const res = await createAgent(t).post('/api/auth/sign-in/username', { username: input.username, password: 'wrong-password' });
  expect(await res.text()).not.toContain(input.email);
});

test('logout ends the session on the server', async () => {
  const { agent } = await createVerifiedUser(t);
  const stolen = new Map(agent.cookies);
  expect((await agent.post('/api/auth/sign-out')).status).toBe(200);

  const replay = createAgent(t);
  for (const [name, value] of stolen) replay.cookies.set(name, value);
  expect(await json(await replay.get('/api/auth/get-session')).catch(() => null)).toBeNull();
});

test('password reset: same answer for known and unknown emails, link resets, old password stops working', async () => {
  const { input, agent } = await createVerifiedUser(t);
  const anon = createAgent(t);
  const known = await anon.post('/api/auth/request-password-reset', { email: input.email, redirectTo: '/reset-password' });
  const unknown = await anon.post('/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.text()).toBe(await unknown.text());
  expect((await t.sentMail()).some((m) => m.to === 'nobody@example.com')).toBe(false);

  const mail = await latestMailTo(t, input.email, 'Reset your Sidepot password');
  const follow = await anon.get(pathOf(mail.links[0] ?? ''));
  expect(follow.status).toBe(302);
  const location = new URL(follow.headers.get('location') ?? '', TEST_ORIGIN);
  expect(location.pathname).toBe('/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toBeTruthy();

  expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })).status).toBe(200);
  // The token is single-use, and existing sessions were revoked.
  expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'another-pass' })).status).toBe(400);
  expect(await json(await agent.get('/api/auth/get-session')).catch(() => null)).toBeNull();

  const old = await createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: input.password });
  expect(old.status).toBe(401);
  const fresh = await createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: 'brand-new-pass' });
  expect(fresh.status).toBe(200);
});

test('a reset with an invalid token is refused', async () => {
  const res = await createAgent(t).post('/api/auth/reset-password', { token: 'bogus', newPassword: 'brand-new-pass' });
  expect(res.status).toBe(400);
  expect(await json(res)).toMatchObject({ code: 'INVALID_TOKEN' });
});

test('sign-in is rate limited per address (429), other addresses are unaffected', async () => {
  const { input } = await createVerifiedUser(t);
  const attacker = createAgent(t);
  const statuses: number[] = [];
  // A different account per guess, so only the per-address limit is in play.
  for (let i = 0; i < 11; i += 1) {
    const res = await attacker.post('/api/auth/sign-in/email', { email: `spray-${i}-${input.email}`, password: `guess-${i}-x` });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses[10]).toBe(429);

  const other = await createAgent(t).post('/api/auth/sign-in/email', { email: input.email, password: input.password });
  expect(other.status).toBe(200);
});

test('sign-up and reset requests are rate limited too', async () => {
  const agent = createAgent(t);
  const signUps: number[] = [];
  for (let i = 0; i < 6; i += 1) signUps.push((await agent.post('/api/auth/sign-up/email', buildSignUp())).status);
  expect(signUps.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(signUps[5]).toBe(429);

  const resets: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    resets.push((await agent.post('/api/auth/request-password-reset', { email: `x${i}@example.com`, redirectTo: '/reset-password' })).status);
  }
  expect(resets[5]).toBe(429);
});

test('a client cannot pick its own rate-limit address', async () => {
  const { input } = await createVerifiedUser(t);
  const agent = createAgent(t);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) {
    const res = await agent.request('/api/auth/sign-in/email', {
      json: { email: `spoof-${i}-${input.email}`, password: 'wrong-password' },
      headers: { 'x-sidepot-client-ip': `10.0.0.${i}`, 'x-forwarded-for': `10.1.0.${i}` },
    });
    statuses.push(res.status);
  }
  expect(statuses[10]).toBe(429);
});

test('generic profile endpoints of the auth library are disabled', async () => {
  const { agent } = await createVerifiedUser(t);
  expect((await agent.post('/api/auth/update-user', { phone: 'abc' })).status).toBe(404);
  expect((await agent.post('/api/auth/delete-user', {})).status).toBe(404);
});

test('a cross-site POST is refused', async () => {
  const res = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: 'sidepot.session_token=x' },
    body: JSON.stringify({ email: 'a@b.co', password: 'secret1' }),
  });
  expect(res.status).toBe(403);
  expect(t.takeServerErrors().map((entry) => entry.msg)).toEqual(['Invalid origin: https://evil.example']);
});
