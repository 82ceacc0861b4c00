import sharp from 'sharp';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { isOwnAvatarUrl } from '#domain/avatar-url.ts';
import { rateLimits, users } from '#server/db/schema/auth.ts';
import { createAgent, sessionEmail } from '#server/testing/agent.ts';
import {
  buildSignUp,
  createVerifiedUser,
  latestMailTo,
  pathOf,
  signedInUser,
} from '#server/testing/factories.ts';
import { linkableIn } from '#server/testing/linkable.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/* Auth hardening (ADR 015): sign-up fields and verification links; the throttles are in auth-throttle.test.ts. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** A better-auth answer (outside the typed API): checked to be an object rather than cast. */
async function json(res: Response): Promise<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).parse(await res.json());
}

async function verificationLink(email: string): Promise<string> {
  const mail = await latestMailTo(t, email, 'Verify');
  const link = mail.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error('no verification link');
  return pathOf(link);
}

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

// ---------------------------------------------------------------- point 1: fields, avatars, verification links

test('sign-up refuses fields the form does not send (image, emailVerified) and creates nothing', async () => {
  const victimLink = '/api/auth/verify-email?token=planted&callbackURL=%2F';
  for (const extra of [{ image: victimLink }, { emailVerified: true }, { displayUsername: 'Someone_Else' }]) {
    const input = buildSignUp();
    const res = await createAgent(t).post('/api/auth/sign-up/email', { ...input, ...extra });
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: Object.keys(extra)[0] });
    expect(await userRow(input.email)).toBeUndefined();
  }
});

test('no auth endpoint lets a signed-in user set their image', async () => {
  const { input, user } = await signedInUser(t);
  const planted = '/api/auth/verify-email?token=planted&callbackURL=%2F';
  const paths = Object.values(t.deps.auth.api)
    .map((endpoint): unknown => Reflect.get(endpoint, 'path'))
    .filter((path): path is string => typeof path === 'string' && !path.includes(':'));
  expect(paths).toContain('/sign-up/email');
  for (const path of paths) {
    // A fresh session (and address) per endpoint: sign-out and revoke-* end the previous one.
    const agent = createAgent(t);
    await agent.post('/api/auth/sign-in/username', { username: input.username, password: input.password });
    const body = {
      image: planted,
      name: 'Renamed',
      email: input.email,
      password: input.password,
      newPassword: input.password,
    };
    await agent.post(`/api/auth${path}`, body);
  }
  const row = await userRow(input.email);
  expect(row?.image).toBeNull();
  expect(row?.name).toBe(user.name);
  expect((await createAgent(t).post('/api/auth/update-user', { image: planted })).status).toBe(404);
  expect((await createAgent(t).post('/api/auth/update-session', { image: planted })).status).toBe(404);
}, 90_000); // ~30 sign-ins, each a password hash: slow on a busy 2-core machine

test('the avatar URL the server writes is the shape the web renders', async () => {
  const me = await signedInUser(t);
  const png = await sharp({
    create: { width: 40, height: 40, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const res = await t.app.request(`${TEST_ORIGIN}/api/profile/avatar`, {
    method: 'PUT',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'image/png',
      cookie: [...me.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new Uint8Array(png),
  });
  expect(res.status).toBe(200);
  expect(isOwnAvatarUrl((await userRow(me.input.email))?.image)).toBe(true);
});

test('a verification link opened in another browser verifies the account but signs nobody in', async () => {
  const input = buildSignUp();
  await createAgent(t).post('/api/auth/sign-up/email', { ...input, callbackURL: '/login?verified=1' });
  const elsewhere = createAgent(t);
  const res = await elsewhere.get(await verificationLink(input.email));
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/login?verified=1');
  expect(elsewhere.cookies.has('sidepot.session_token')).toBe(false);
  expect(await sessionEmail(elsewhere)).toBeNull();
  expect((await userRow(input.email))?.emailVerified).toBe(true);
});

test('the browser that signed up is signed in by its link, once', async () => {
  const input = buildSignUp();
  const browser = createAgent(t);
  await browser.post('/api/auth/sign-up/email', { ...input, callbackURL: '/login?verified=1' });
  const link = await verificationLink(input.email);
  expect((await browser.get(link)).headers.get('location')).toBe('/login?verified=1');
  expect(await sessionEmail(browser)).toBe(input.email.toLowerCase());
  expect(browser.cookies.has('sidepot.signup_binding')).toBe(false);
});

test('a browser that proved the password of an unverified account is signed in by the re-sent link', async () => {
  const input = buildSignUp();
  await createAgent(t).post('/api/auth/sign-up/email', { ...input, callbackURL: '/login?verified=1' });
  const phone = createAgent(t);
  const refused = await phone.post('/api/auth/sign-in/username', {
    username: input.username,
    password: input.password,
  });
  expect(refused.status).toBe(403);
  await phone.get(await verificationLink(input.email));
  expect(await sessionEmail(phone)).toBe(input.email.toLowerCase());

  // A wrong password proves nothing: that browser only verifies.
  const other = buildSignUp();
  await createAgent(t).post('/api/auth/sign-up/email', { ...other, callbackURL: '/login?verified=1' });
  const guesser = createAgent(t);
  expect(
    (await guesser.post('/api/auth/sign-in/username', { username: other.username, password: 'not-it-1' }))
      .status,
  ).toBe(401);
  await guesser.get(await verificationLink(other.email));
  expect(await sessionEmail(guesser)).toBeNull();
});

test('a verification link never replaces the session of a signed-in browser (login CSRF)', async () => {
  const victim = await signedInUser(t);
  const attacker = createAgent(t);
  const second = buildSignUp();
  await attacker.post('/api/auth/sign-up/email', { ...second, callbackURL: '/login?verified=1' });
  // The attacker's own binding cookie travels with their own browser only; the victim's does not have it.
  const res = await victim.agent.get(await verificationLink(second.email));
  expect(res.status).toBe(302);
  expect(await sessionEmail(victim.agent)).toBe(victim.input.email.toLowerCase());
  expect((await userRow(second.email))?.emailVerified).toBe(true);
});

test('a signed-in browser that also holds a binding cookie keeps its session', async () => {
  const browser = createAgent(t);
  const second = buildSignUp();
  await browser.post('/api/auth/sign-up/email', { ...second, callbackURL: '/login?verified=1' });
  const me = await signedInUser(t);
  for (const [name, value] of me.agent.cookies) browser.cookies.set(name, value);
  await browser.get(await verificationLink(second.email));
  expect(await sessionEmail(browser)).toBe(me.input.email.toLowerCase());
});

// ---------------------------------------------------------------- point 11: identical replies, no raw token

test('20 concurrent sign-ups with one new email all answer alike and create one account', async () => {
  const email = `race-${Date.now()}@example.com`;
  const results = await Promise.all(
    Array.from({ length: 20 }, () => createAgent(t).post('/api/auth/sign-up/email', buildSignUp({ email }))),
  );
  const bodies = await Promise.all(results.map((res) => json(res)));
  expect(results.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
  const shapes = new Set(bodies.map((body) => JSON.stringify(Object.keys(body['user'] ?? {}).sort())));
  expect(shapes.size).toBe(1);
  for (const res of results)
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['sidepot.signup_binding']);
  expect(bodies.every((body) => body['token'] === null)).toBe(true);
  expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  const verifications = (await t.sentMail()).filter((m) => m.to === email && m.subject.startsWith('Verify'));
  expect(verifications).toHaveLength(1);
});

test('20 concurrent sign-ups with a registered email answer alike and send one "already have an account" mail', async () => {
  const { input } = await createVerifiedUser(t);
  const email = input.email.toLowerCase();
  const fresh = buildSignUp();
  const reference = await createAgent(t).post('/api/auth/sign-up/email', fresh);
  const referenceKeys = Object.keys((await json(reference))['user'] ?? {}).sort();

  const burst = await Promise.all(
    Array.from({ length: 20 }, () => createAgent(t).post('/api/auth/sign-up/email', buildSignUp({ email }))),
  );
  expect(burst.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
  for (const res of burst) expect(Object.keys((await json(res))['user'] ?? {}).sort()).toEqual(referenceKeys);
  // And later ones within the hour stay quiet too.
  for (let i = 0; i < 2; i += 1) {
    expect((await createAgent(t).post('/api/auth/sign-up/email', buildSignUp({ email }))).status).toBe(200);
  }
  const notices = (await t.sentMail()).filter((m) => m.to === email && m.subject.includes('already have'));
  expect(notices).toHaveLength(1);
  expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, 'acct-signup:%'))).toEqual([]);
});

test('a sign-up refused for a taken username does not hold up the next try with the same email', async () => {
  const { input: existing } = await createVerifiedUser(t);
  const input = buildSignUp();
  const agent = createAgent(t);
  const taken = await agent.post('/api/auth/sign-up/email', { ...input, username: existing.username });
  expect(taken.status).toBe(400);
  expect(await json(taken)).toMatchObject({ code: 'USERNAME_IS_ALREADY_TAKEN' });
  expect((await agent.post('/api/auth/sign-up/email', input)).status).toBe(200);
  expect(await userRow(input.email)).toMatchObject({ username: input.username.toLowerCase() });
});

test('at most three password-reset mails per address per hour, whoever asks', async () => {
  const { input } = await createVerifiedUser(t);
  for (let i = 0; i < 5; i += 1) {
    const res = await createAgent(t).post('/api/auth/request-password-reset', {
      email: input.email,
      redirectTo: '/reset-password',
    });
    expect(res.status).toBe(200);
  }
  const resets = (await t.sentMail()).filter(
    (m) => m.to === input.email.toLowerCase() && m.subject.startsWith('Reset'),
  );
  expect(resets).toHaveLength(3);
});

test('sign-in, get-session and list-sessions never return the raw session token; the cookie still works', async () => {
  const { input } = await createVerifiedUser(t);
  for (const [path, body] of [
    ['/api/auth/sign-in/username', { username: input.username, password: input.password }],
    ['/api/auth/sign-in/email', { email: input.email, password: input.password }],
  ] as const) {
    const agent = createAgent(t);
    const res = await agent.post(path, body);
    expect(res.status).toBe(200);
    const signedIn = await json(res);
    expect(signedIn).not.toHaveProperty('token');
    const token = decodeURIComponent(agent.cookies.get('sidepot.session_token') ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(JSON.stringify(signedIn)).not.toContain(token);

    const session = await json(await agent.get('/api/auth/get-session'));
    expect(session['user']).toMatchObject({ email: input.email.toLowerCase() });
    expect(session['session']).not.toHaveProperty('token');
    expect(JSON.stringify(session)).not.toContain(token);

    const list = await agent.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    const sessions: unknown = await list.json();
    expect(Array.isArray(sessions) && sessions.length > 0).toBe(true);
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(JSON.stringify(sessions)).not.toContain('"token"');

    expect((await agent.api.profile.$get()).status).toBe(200);
  }
});

// ---------------------------------------------------------------- account mail names nobody (ADR 050)

const HOSTILE_NAME = '=HYPERLINK("http://evil.example","x")';

/** Neither the name nor any of its parts, and no link but ours, in either part of the mail. */
function expectNoUserText(mail: { text: string; html: string }) {
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toContain('HYPERLINK');
    expect(part).not.toContain('evil');
    expect(linkableIn(part).filter((link) => !link.startsWith(TEST_ORIGIN))).toEqual([]);
  }
}

test('a mail to an address not yet verified holds no user-chosen text: sign-up, resend, reset and existing-account mails greet no name', async () => {
  const input = buildSignUp({ name: HOSTILE_NAME });
  const agent = createAgent(t);
  expect((await agent.post('/api/auth/sign-up/email', input)).status).toBe(200);
  expect((await userRow(input.email))?.name).toBe(HOSTILE_NAME);
  const signUpMail = await latestMailTo(t, input.email, 'Verify');
  expect(signUpMail.text).toContain('Welcome to Sidepot!');
  expectNoUserText(signUpMail);

  // Signing in unverified sends the link again: the same mail, still nameless.
  const before = (await t.sentMail()).filter((m) => m.to === input.email).length;
  await agent.post('/api/auth/sign-in/username', { username: input.username, password: input.password });
  const resent = (await t.sentMail()).filter((m) => m.to === input.email);
  expect(resent.length).toBe(before + 1);
  expectNoUserText(resent[resent.length - 1] ?? { text: '', html: '' });

  await createAgent(t).post('/api/auth/request-password-reset', {
    email: input.email,
    redirectTo: '/reset-password',
  });
  await createAgent(t).post('/api/auth/sign-up/email', { ...buildSignUp(), email: input.email });
  const existing = await latestMailTo(t, input.email.toLowerCase(), 'You already have a Sidepot account');
  expectNoUserText(existing);
  for (const mail of (await t.sentMail()).filter((m) => m.to === input.email.toLowerCase()))
    expectNoUserText(mail);
});
