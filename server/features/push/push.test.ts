import { eq, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import { pushOutbox, pushSubscriptions } from '#server/db/schema/push.ts';
import { createAgent, errorOf, type Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { browserKeys, decryptPush, startPushEndpoint } from '#server/testing/push-endpoint.ts';
import { openSecondPool } from '#server/testing/second-pool.ts';
import { closeTestApp, createTestApp, publicTestResolver, type TestApp } from '#server/testing/test-app.ts';
import { createPushEndpointGuard } from '#server/lib/push-endpoint-guard.ts';
import { createPushWorker } from '#server/lib/push-outbox.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@sidepot.app' };

// The stand-in push service listens on 127.0.0.1 with a self-signed certificate: the test-only allowance (ADR 051).
const endpoints = createPushEndpointGuard({ resolve: publicTestResolver, testOnlyLoopback: true });

beforeAll(async () => {
  t = await createTestApp({ pushEndpoints: endpoints });
  alice = await signedInUser(t, { name: 'Alice Pusher' });
  bob = await signedInUser(t);
  await makeFriends(t, alice.user.id, bob.user.id);
});
afterAll(() => closeTestApp(t));

const newWorker = () => createPushWorker({ db: t.db, vapid, logger: t.deps.logger, endpoints });
const del = (agent: Agent, endpoint: string) => agent.api.push.subscriptions.$delete({ json: { endpoint } });

async function subscribe(agent: Agent, endpoint: string, browser = browserKeys()) {
  const res = await agent.api.push.subscriptions.$post({ json: { endpoint, expirationTime: null, keys: browser.keys } });
  expect(res.status).toBe(200);
  return browser;
}

async function challengeBob(description = 'Lakers win tonight', amount = 25): Promise<string> {
  const res = await alice.agent.api.bets.$post({ json: { opponentId: bob.user.id, description, amount } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** Clears what earlier tests left queued, so each test sees only its own pushes. */
async function clearOutbox() {
  await t.db.delete(pushOutbox).where(sql`true`);
  await t.db.delete(pushSubscriptions).where(sql`true`);
}

test('GET /api/push/config gives the VAPID public key to signed-in users only', async () => {
  const res = await alice.agent.api.push.config.$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ publicKey: t.deps.vapidPublicKey });
  expect(Buffer.from(t.deps.vapidPublicKey, 'base64url')).toHaveLength(65);
  expect((await createAgent(t).api.push.config.$get()).status).toBe(401);
});

test('subscribing validates the subscription, needs a session, and a device moves only to a user who sends its keys', async () => {
  await clearOutbox();
  const keys = browserKeys().keys;
  // An empty body is not a subscription at all: only an untyped request can send it.
  const empty = await alice.agent.post('/api/push/subscriptions', {});
  expect(empty.status).toBe(422);
  expect((await errorOf(empty)).error.code).toBe('VALIDATION_FAILED');
  for (const json of [
    { endpoint: 'http://fcm.googleapis.com/a', keys },
    { endpoint: 'https://fcm.googleapis.com/a', keys: { ...keys, auth: 'AAAA' } },
    { endpoint: 'https://fcm.googleapis.com/a', keys: { p256dh: 'not-a-key', auth: keys.auth } },
  ]) {
    const res = await alice.agent.api.push.subscriptions.$post({ json });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).error.code).toBe('VALIDATION_FAILED');
  }
  expect((await createAgent(t).api.push.subscriptions.$post({ json: { endpoint: 'https://fcm.googleapis.com/a', keys } })).status).toBe(401);

  const shared = 'https://fcm.googleapis.com/fcm/send/shared';
  const device = browserKeys();
  await subscribe(alice.agent, shared, device);
  await subscribe(alice.agent, shared, device); // again: an upsert, still one row
  // Knowing the endpoint is not enough: without the browser's keys another user neither takes nor deletes it.
  const taken = await bob.agent.api.push.subscriptions.$post({ json: { endpoint: shared, keys: browserKeys().keys } });
  expect(taken.status).toBe(409);
  expect((await errorOf(taken)).error.message).toBe('This device is subscribed by another account.');
  const owner = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared));
  expect(owner.map((row) => ({ userId: row.userId, p256dh: row.p256dh }))).toEqual([{ userId: alice.user.id, p256dh: device.keys.p256dh }]);
  // The same browser (same keys) signed in as Bob: the device moves to him.
  await subscribe(bob.agent, shared, device);
  const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared));
  expect(rows.map((row) => row.userId)).toEqual([bob.user.id]);

  // Only your own: Alice no longer owns it, so her delete is refused and Bob's row stays.
  const refused = await del(alice.agent, shared);
  expect(refused.status).toBe(404);
  expect(await t.db.select().from(pushSubscriptions)).toHaveLength(1);
  expect((await del(createAgent(t), shared)).status).toBe(401);
  // No endpoint at all: a body the typed client would not let us send.
  expect((await bob.agent.request('/api/push/subscriptions', { method: 'DELETE', json: {} })).status).toBe(422);
  expect((await del(bob.agent, shared)).status).toBe(200);
  expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
});

test('a challenge reaches the opponent as an encrypted push with TTL, urgency and VAPID; sending is not in the request', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint();
  try {
    const browser = await subscribe(bob.agent, endpoint.url('bob'));
    const betId = await challengeBob();
    // Queued with the bet, nothing sent yet (no worker ran).
    expect(endpoint.received).toHaveLength(0);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(1);

    await newWorker().drain();
    expect(endpoint.received).toHaveLength(1);
    const [push] = endpoint.received;
    if (!push) throw new Error('no push');
    expect(push.path).toBe('/push/bob');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(String(push.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    expect(decryptPush(push.body, browser)).toEqual({
      title: 'New challenge',
      body: 'Alice Pusher challenged you to a $25 bet: Lakers win tonight',
      url: `/bets/${betId}`,
      tag: `bet-${betId}`,
    });
    const [sub] = await t.db.select().from(pushSubscriptions);
    expect(sub?.lastOkAt).toBeInstanceOf(Date);

    // Accepting notifies Alice, who has no device: nothing more is queued.
    expect((await bob.agent.api.bets[':id'].accept.$post({ param: { id: betId }, json: {} })).status).toBe(200);
    await newWorker().drain();
    expect(endpoint.received).toHaveLength(1);
  } finally {
    await endpoint.close();
  }
});

test('410 from the push service deletes the subscription and its pending pushes', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint(() => 410);
  try {
    await subscribe(bob.agent, endpoint.url('gone'));
    await challengeBob();
    await challengeBob('Second one', 5);
    await newWorker().drain();
    expect(endpoint.received.length).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
  } finally {
    await endpoint.close();
  }
});

test('a 500 is retried later with backoff, then delivered once and never again', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint((n) => (n === 0 ? 500 : 201));
  try {
    const browser = await subscribe(bob.agent, endpoint.url('flaky'));
    await challengeBob('Flaky service', 10);
    const worker = newWorker();
    await worker.drain();
    expect(endpoint.received).toHaveLength(1);
    const [row] = await t.db.select().from(pushOutbox);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(row?.lastError).toContain('500');
    // Not due yet: backoff of 10 s.
    expect(row && row.nextAttemptAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(9_000);
    await worker.drain();
    expect(endpoint.received).toHaveLength(1);

    await t.db.update(pushOutbox).set({ nextAttemptAt: sql`now()` }).where(sql`true`);
    await worker.drain();
    await worker.drain();
    await newWorker().drain();
    expect(endpoint.received).toHaveLength(2);
    const second = endpoint.received[1];
    expect(second && decryptPush(second.body, browser)).toMatchObject({ title: 'New challenge' });
    const [done] = await t.db.select().from(pushOutbox);
    expect(done).toMatchObject({ attempts: 2 });
    expect(done?.sentAt).toBeInstanceOf(Date);
  } finally {
    await endpoint.close();
  }
});

test('a worker stopped after claiming (never marked) loses nothing: another sends it once after the lease', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint();
  try {
    await subscribe(bob.agent, endpoint.url('lease'));
    await challengeBob('Lease test', 15);
    // What a crashed worker leaves: claimed with a lease, neither sent nor failed.
    await t.db.update(pushOutbox).set({ lockedUntil: sql`now() + interval '60 seconds'` }).where(sql`true`);
    await newWorker().drain();
    expect(endpoint.received).toHaveLength(0);

    await t.db.update(pushOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(sql`true`);
    const [a, b] = [newWorker(), newWorker()];
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    await b.drain();
    expect(endpoint.received).toHaveLength(1);
  } finally {
    await endpoint.close();
  }
});

test('two workers on two instances draining at once send each push exactly once', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint();
  const second = openSecondPool(t.deps.database);
  try {
    await subscribe(bob.agent, endpoint.url('phone'));
    await subscribe(bob.agent, endpoint.url('laptop'));
    for (let i = 0; i < 15; i += 1) await challengeBob(`Race ${i}`, 5 + i);
    // The other instance: its own connection pool on the same database.
    const other = createPushWorker({ db: second.db, vapid, logger: t.deps.logger, endpoints });
    await Promise.all([newWorker().drain(), other.drain(), newWorker().drain()]);
    expect(endpoint.received).toHaveLength(30);
    expect(new Set(endpoint.received.map((r) => r.path))).toEqual(new Set(['/push/phone', '/push/laptop']));
    const unsent = await t.db.select().from(pushOutbox).where(isNull(pushOutbox.sentAt));
    expect(unsent).toEqual([]);
  } finally {
    await second.close();
    await endpoint.close();
  }
});

test('with the category Push switch off, nothing is queued; other categories still push', async () => {
  await clearOutbox();
  const endpoint = await startPushEndpoint();
  try {
    await subscribe(bob.agent, endpoint.url('prefs'));
    await t.db.insert(notificationPreferences).values({ userId: bob.user.id, category: 'challenges', channel: 'push', enabled: false });
    const betId = await challengeBob('Quiet please', 5);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(0);
    await newWorker().drain();
    expect(endpoint.received).toHaveLength(0);

    // Email off for comments does not matter to push; a comment by Alice on the bet is pushed.
    const comment = await alice.agent.api.bets[':id'].comments.$post({ param: { id: betId }, json: { text: 'Good luck' } });
    expect(comment.status).toBe(201);
    await newWorker().drain();
    expect(endpoint.received).toHaveLength(1);
  } finally {
    await t.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, bob.user.id));
    await endpoint.close();
  }
});

test('unsubscribing an endpoint with a NUL byte is 422, not a database error (found by the API fuzzer)', async () => {
  const { agent } = await signedInUser(t);
  const res = await del(agent, 'https://push.example/b\u0000b');
  expect(res.status).toBe(422);
});
