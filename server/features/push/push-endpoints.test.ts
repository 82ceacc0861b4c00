import type { LookupAddress } from 'node:dns';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pushOutbox, pushSubscriptions } from '#server/db/schema/push.ts';
import { errorOf } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { browserKeys, startPushEndpoint } from '#server/testing/push-endpoint.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { createPushEndpointGuard, isPublicAddress } from '#server/lib/push-endpoint-guard.ts';
import { createPushWorker } from '#server/lib/push-outbox.ts';

// What each name resolves to right now; a test changes it to play a DNS change.
const dns = new Map<string, LookupAddress[]>();
const resolve = (hostname: string) => Promise.resolve(dns.get(hostname) ?? [{ address: '142.250.80.10', family: 4 }]);
// The production guard (no loopback allowance), with a fake resolver.
const endpoints = createPushEndpointGuard({ resolve });

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@sidepot.app' };

beforeAll(async () => {
  t = await createTestApp({ pushEndpoints: endpoints });
  alice = await signedInUser(t, { name: 'Alice Pusher' });
  bob = await signedInUser(t);
  await makeFriends(t, alice.user.id, bob.user.id);
});
afterAll(() => closeTestApp(t));

const refusedMessage = 'Push notifications must go through a browser push service (Google, Mozilla, Apple or Microsoft).';

test('only https endpoints of the browsers’ push services are accepted; every inside address in every spelling is 422', async () => {
  const keys = browserKeys().keys;
  const refused = [
    'https://127.0.0.1/push',
    'https://127.0.0.1:8443/push',
    'https://localhost/push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://0x7f000001/push',
    'https://2130706433/push',
    'https://0177.0.0.1/push',
    'https://127.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/push',
    'https://100.64.0.1/push',
    'https://[fe80::1]/push',
    'https://0.0.0.0/push',
    'https://push.example.com/a',
    'https://fcm.googleapis.com.evil.example/a',
    'https://evil.example/fcm.googleapis.com/a',
    'https://fcm.googleapis.com@127.0.0.1/a',
    'https://user@fcm.googleapis.com/a',
    'https://fcm.googleapis.com:8443/a',
    'https://127.0.0.1\\@fcm.googleapis.com/a',
    'https://push.apple.com/a',
  ];
  // Subscribing has a budget of 20 an hour per user: a new user every 15 requests.
  let sent = 0;
  let current = alice.agent;
  const fresh = async () => {
    sent += 1;
    if (sent % 15 === 0) current = (await signedInUser(t)).agent;
    return current;
  };
  for (const endpoint of refused) {
    const res = await (await fresh()).api.push.subscriptions.$post({ json: { endpoint, keys } });
    expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 422 });
    expect((await errorOf(res)).error.message).toBe(refusedMessage);
  }
  expect(await t.db.select().from(pushSubscriptions)).toEqual([]);

  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:APA91bH',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGx7',
    'https://wns2-bn3p.notify.windows.com/w/?token=BQYAAAB%2b',
    'https://FCM.googleapis.com:443/fcm/send/upper',
  ]) {
    const res = await (await fresh()).api.push.subscriptions.$post({ json: { endpoint, keys: browserKeys().keys } });
    expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 200 });
  }
  await t.db.delete(pushSubscriptions).where(sql`true`);
});

test('a push service name resolving to an inside address is refused when subscribing', async () => {
  for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1']) {
    dns.set('evil.push.services.mozilla.com', [
      { address: '34.117.0.1', family: 4 },
      { address, family: address.includes(':') ? 6 : 4 },
    ]);
    const res = await alice.agent.api.push.subscriptions.$post({
      json: { endpoint: 'https://evil.push.services.mozilla.com/wpush/v2/x', keys: browserKeys().keys },
    });
    expect({ address, status: res.status }).toEqual({ address, status: 422 });
    expect((await errorOf(res)).error.message).toBe(refusedMessage);
  }
  dns.delete('evil.push.services.mozilla.com');
  expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
});

test('delivery checks again: a name that now resolves inside is never connected to, and an old inside endpoint is deleted unsent', async () => {
  // A stand-in push service on 127.0.0.1 that would record any request reaching it.
  const inside = await startPushEndpoint();
  try {
    const endpoint = 'https://rebind.push.services.mozilla.com/wpush/v2/bob';
    const subscribed = await bob.agent.api.push.subscriptions.$post({ json: { endpoint, keys: browserKeys().keys } });
    expect(subscribed.status).toBe(200);
    // A row stored before the allow-list existed, pointing at the inside service.
    await t.db.insert(pushSubscriptions).values({ userId: bob.user.id, endpoint: inside.url('old'), ...browserKeys().keys });
    const bet = await alice.agent.api.bets.$post({ json: { opponentId: bob.user.id, description: 'Rebinding', amount: 5 } });
    expect(bet.status).toBe(201);
    expect(await t.db.select().from(pushOutbox)).toHaveLength(2);

    // The name now points inside (DNS rebinding).
    dns.set('rebind.push.services.mozilla.com', [{ address: '127.0.0.1', family: 4 }]);
    await createPushWorker({ db: t.db, vapid, logger: t.deps.logger, endpoints }).drain();
    expect(inside.received).toEqual([]);
    const rows = await t.db.select().from(pushOutbox);
    // The rebound one failed this attempt (retried later, DNS can change back); the old inside one is gone with its subscription.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(rows[0]?.lastError).toContain('non-public address (127.0.0.1)');
    const subscriptions = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(subscriptions).toEqual([{ endpoint }]);
  } finally {
    dns.delete('rebind.push.services.mozilla.com');
    await t.db.delete(pushSubscriptions).where(sql`true`);
    await inside.close();
  }
});

test('the address rule: only public unicast addresses pass', () => {
  for (const address of ['8.8.8.8', '142.250.80.10', '34.117.0.1', '2607:f8b0:4005:80a::200a', '2a00:1450:4001::1']) {
    expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
  }
  for (const address of [
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.1',
    '::', '::1', '::ffff:127.0.0.1', '::ffff:8.8.8.8', '::ffff:7f00:1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::',
    'fe80::1', 'fd00::1', 'fc00::1', 'ff02::1', '2001:db8::1', 'localhost', '0x7f000001', '2130706433', '',
  ]) {
    expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  }
});
