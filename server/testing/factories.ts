import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignUpFormValues } from '#domain/users.ts';
import { users } from '../db/schema/auth.ts';
import { friendships } from '../db/schema/friends.ts';
import { createAgent, type Agent } from './agent.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/** Valid sign-up input, unique per call. */
export function buildSignUp(overrides: Partial<SignUpFormValues> = {}): SignUpFormValues {
  sequence += 1;
  const suffix = `${randomBytes(3).toString('hex')}${sequence}`;
  return {
    name: `Test User ${suffix}`,
    username: `user_${suffix}`,
    email: `user.${suffix}@example.com`,
    password: 'secret-pass',
    phone: `(555) ${String(100 + (sequence % 900)).padStart(3, '0')}-${String(sequence % 10_000).padStart(4, '0')}`,
    venmoHandle: `@venmo-${suffix}`,
    ageConfirmed: true,
    ...overrides,
  };
}

/** The links in a mail's plain-text body. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
}

/**
 * The newest mail to someone. Polls briefly: better-auth queues some mail
 * (sign-up verification) after its response is sent, so on PostgreSQL the
 * outbox row can land a moment after the request returns.
 */
export async function latestMailTo(t: TestApp, to: string, subjectIncludes: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const mail = (await t.sentMail()).filter((m) => m.to === to && m.subject.includes(subjectIncludes)).at(-1);
    if (mail) return { ...mail, links: linksIn(mail.text) };
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subjectIncludes}"`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Path and query of an absolute link, for app.request. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs a new user up and follows the emailed link; the agent ends up signed in. */
export async function createVerifiedUser(t: TestApp, overrides: Partial<SignUpFormValues> = {}, agent: Agent = createAgent(t)) {
  const input = buildSignUp(overrides);
  const res = await agent.post('/api/auth/sign-up/email', input);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await latestMailTo(t, input.email.toLowerCase(), 'Verify');
  const link = mail.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error('no verification link');
  const verified = await agent.get(pathOf(link));
  if (verified.status !== 302) throw new Error(`verification failed: ${verified.status}`);
  return { input, agent };
}

/** A verified user written straight to the database (for users a test only looks at). */
export async function insertUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const suffix = `${randomBytes(3).toString('hex')}${sequence}`;
  const [row] = await t.db
    .insert(users)
    .values({
      id: `u_${suffix}`,
      name: `Seeded ${suffix}`,
      email: `seeded.${suffix}@example.com`,
      emailVerified: true,
      username: `seeded_${suffix}`,
      displayUsername: `Seeded_${suffix}`,
      phone: `555${String(sequence).padStart(7, '0')}`,
      venmoHandle: `seeded-${suffix}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

export async function makeFriends(t: TestApp, a: string, b: string) {
  await t.db.insert(friendships).values([
    { userId: a, friendId: b },
    { userId: b, friendId: a },
  ]);
}

/** A signed-in, verified user with their id. */
export async function signedInUser(t: TestApp, overrides: Partial<SignUpFormValues> = {}) {
  const { input, agent } = await createVerifiedUser(t, overrides);
  const [row] = await t.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
  if (!row) throw new Error('user missing');
  return { agent, input, user: row };
}

/** Two signed-in users who are friends: a bet's creator and its opponent. */
export async function friendPair(t: TestApp) {
  const [c, o] = [await signedInUser(t), await signedInUser(t)];
  await makeFriends(t, c.user.id, o.user.id);
  return { creator: { agent: c.agent, id: c.user.id }, opponent: { agent: o.agent, id: o.user.id } };
}
