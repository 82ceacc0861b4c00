import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { unsubscribeMessages, type NotificationPreference } from '#domain/notification-preferences.ts';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import { createAgent, errorOf } from '#server/testing/agent.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const enabled = (list: NotificationPreference[], category: string, channel: string) =>
  list.find((p) => p.category === category && p.channel === channel)?.enabled;

test('GET lists all 6 categories × 2 channels with the defaults: everything on except Comments email', async () => {
  const { agent } = await signedInUser(t);
  const res = await agent.api.settings.notifications.$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([
    { category: 'challenges', channel: 'push', enabled: true },
    { category: 'challenges', channel: 'email', enabled: true },
    { category: 'bet_updates', channel: 'push', enabled: true },
    { category: 'bet_updates', channel: 'email', enabled: true },
    { category: 'friend_requests', channel: 'push', enabled: true },
    { category: 'friend_requests', channel: 'email', enabled: true },
    { category: 'comments', channel: 'push', enabled: true },
    { category: 'comments', channel: 'email', enabled: false },
    { category: 'reminders', channel: 'push', enabled: true },
    { category: 'reminders', channel: 'email', enabled: true },
    { category: 'groups', channel: 'push', enabled: true },
    { category: 'groups', channel: 'email', enabled: true },
  ]);
});

test('PUT stores one switch (upsert) and returns the full list; other users are untouched', async () => {
  const me = await signedInUser(t);
  const other = await signedInUser(t);
  for (const value of [false, true, false]) {
    const res = await me.agent.api.settings.notifications.$put({ json: { category: 'bet_updates', channel: 'email', enabled: value } });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(12);
    expect(enabled(list, 'bet_updates', 'email')).toBe(value);
  }
  const comments = await me.agent.api.settings.notifications.$put({ json: { category: 'comments', channel: 'email', enabled: true } });
  expect(enabled(await comments.json(), 'comments', 'email')).toBe(true);
  const rows = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.user.id));
  expect(rows).toHaveLength(2);
  const theirs = await (await other.agent.api.settings.notifications.$get()).json();
  expect(enabled(theirs, 'bet_updates', 'email')).toBe(true);
});

test('PUT with an unknown category, channel or a non-boolean is 422; not JSON is 415', async () => {
  const { agent } = await signedInUser(t);
  for (const json of [
    { category: 'spam', channel: 'email', enabled: false },
    { category: 'comments', channel: 'sms', enabled: false },
    { category: 'comments', channel: 'email', enabled: 'no' },
    {},
  ]) {
    // Deliberately outside the contract (unknown names, a string for a boolean): untyped on purpose.
    const res = await agent.request('/api/settings/notifications', { method: 'PUT', json });
    expect(res.status).toBe(422);
  }
  const form = await agent.request('/api/settings/notifications', {
    method: 'PUT',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(415);
});

test('signed out: GET and PUT are 401', async () => {
  const agent = createAgent(t);
  expect((await agent.api.settings.notifications.$get()).status).toBe(401);
  const res = await agent.api.settings.notifications.$put({ json: { category: 'comments', channel: 'email', enabled: true } });
  expect(res.status).toBe(401);
});

/** A captured challenge mail of a fresh recipient, and its unsubscribe token. */
async function challengeMail() {
  const actor = await signedInUser(t, { name: 'Una Sender' });
  const recipient = await insertUser(t);
  await makeFriends(t, actor.user.id, recipient.id);
  expect((await actor.agent.api.bets.$post({ json: { description: 'Unsub test', opponentId: recipient.id, amount: 5 } })).status).toBe(201);
  const mail = (await t.sentMail()).find((m) => m.to === recipient.email);
  const header = mail?.headers?.['List-Unsubscribe'] ?? '';
  const oneClickUrl = /^<([^>]+)>$/.exec(header)?.[1] ?? '';
  const token = new URL(oneClickUrl).searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  expect(mail?.text).toContain(`Unsubscribe: ${TEST_ORIGIN}/unsubscribe?token=${encodeURIComponent(token)}`);
  return { actor, recipient, oneClickUrl, token };
}

async function emailSwitch(userId: string) {
  const [row] = await t.db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.category, 'challenges'), eq(notificationPreferences.channel, 'email')));
  return row?.enabled;
}

test('RFC 8058 one-click: a form-encoded POST from a mail provider (no Origin, no session) turns that Email switch off', async () => {
  const { actor, recipient, oneClickUrl } = await challengeMail();
  const res = await t.app.request(oneClickUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [TEST_IP_HEADER]: t.nextIp() },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ category: 'challenges' });
  expect(await emailSwitch(recipient.id)).toBe(false);
  // Done twice (the page after the provider): still fine.
  expect((await t.app.request(oneClickUrl, { method: 'POST', headers: { [TEST_IP_HEADER]: t.nextIp() } })).status).toBe(200);
  // The next challenge sends no mail; the inbox line still comes.
  const before = (await t.sentMail()).filter((m) => m.to === recipient.email).length;
  expect((await actor.agent.api.bets.$post({ json: { description: 'After', opponentId: recipient.id, amount: 5 } })).status).toBe(201);
  expect((await t.sentMail()).filter((m) => m.to === recipient.email)).toHaveLength(before);
});

test('the page’s POST (same origin, JSON-less) works too, and only the token’s category changes', async () => {
  const { recipient, token } = await challengeMail();
  const res = await createAgent(t).api.unsubscribe.$post({ query: { token } });
  expect(res.status).toBe(200);
  const rows = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, recipient.id));
  expect(rows.map((r) => [r.category, r.channel, r.enabled])).toEqual([['challenges', 'email', false]]);
});

test('a tampered, truncated or missing token is 400 with a clear message and changes nothing', async () => {
  const { recipient, token } = await challengeMail();
  const [payload = '', signature = ''] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ u: recipient.id, c: 'bet_updates' })).toString('base64url');
  // One character of the signature changed, in the middle: about 1 signature in 1,024 already ends in 'AA',
  // and then the "tampered" token was the real one (CI, once).
  const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
  expect(flipped).not.toBe(signature);
  for (const bad of [`${forged}.${signature}`, `${payload}.${flipped}`, payload, `${token}.x`, '']) {
    const res = await t.app.request(`${TEST_ORIGIN}/api/unsubscribe?token=${encodeURIComponent(bad)}`, {
      method: 'POST',
      headers: { [TEST_IP_HEADER]: t.nextIp() },
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ error: { code: 'INVALID_LINK', message: unsubscribeMessages.invalid } });
  }
  expect((await t.app.request(`${TEST_ORIGIN}/api/unsubscribe`, { method: 'POST', headers: { [TEST_IP_HEADER]: t.nextIp() } })).status).toBe(400);
  expect(await emailSwitch(recipient.id)).toBeUndefined();
});

test('GET never unsubscribes (link scanners prefetch): 404', async () => {
  const { recipient, oneClickUrl } = await challengeMail();
  expect((await t.app.request(oneClickUrl, { headers: { [TEST_IP_HEADER]: t.nextIp() } })).status).toBe(404);
  expect(await emailSwitch(recipient.id)).toBeUndefined();
});
