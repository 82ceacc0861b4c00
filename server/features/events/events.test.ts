import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEventBus, type BusEvent, type ChangeEvent } from '../../lib/events.ts';
import { createAgent } from '../../testing/agent.ts';
import { insertBet } from '../../testing/bets.ts';
import { latestMailTo, makeFriends, pathOf, signedInUser } from '../../testing/factories.ts';
import { openEventStream, readEventStream } from '../../testing/sse.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.serverErrors()).toEqual([]);
  await t.close();
});

/** Reads SSE frames from a streaming response until `until` matches one or the time runs out. */
async function readEvents(res: Response, until: (event: string, data: string) => boolean, timeoutMs = 5000) {
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const seen: { event: string; data: string }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(frame)?.[1] ?? '';
        seen.push({ event, data });
        if (until(event, data)) return seen;
        end = buffer.indexOf('\n\n');
      }
    }
    return seen;
  } finally {
    await reader.cancel();
  }
}

function openStream(cookies: Map<string, string>) {
  return t.app.request(`${TEST_ORIGIN}/api/events`, {
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

test('the event stream needs a session', async () => {
  expect((await createAgent(t).get('/api/events')).status).toBe(401);
});

test("both parties' streams hear about a bet change; outsiders hear nothing", async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  const outsider = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });

  const creatorStream = await openStream(creator.agent.cookies);
  const outsiderStream = await openStream(outsider.agent.cookies);
  expect(creatorStream.status).toBe(200);
  expect(creatorStream.headers.get('content-type')).toContain('text/event-stream');

  const heard = readEvents(creatorStream, (event, data) => event === 'change' && data.includes('notifications'));
  const outsiderHeard = readEvents(outsiderStream, (event) => event === 'change', 1500);
  // Let both streams subscribe before the change happens.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await opponent.agent.post(`/api/bets/${bet.id}/accept`, {})).status).toBe(200);

  const events = (await heard).filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as ChangeEvent);
  expect(events).toContainEqual({ kind: 'bets', betId: bet.id });
  expect(events).toContainEqual({ kind: 'notifications' });
  expect((await outsiderHeard).filter((e) => e.event === 'change')).toEqual([]);
});

test('on PostgreSQL, an event published by one instance reaches streams on another', async () => {
  if (t.deps.database.kind !== 'postgres') {
    // PGlite is single-process: there is no second instance to reach.
    expect(t.deps.database.kind).toBe('pglite');
    return;
  }
  const first = await createEventBus(t.deps.database, t.deps.logger);
  const second = await createEventBus(t.deps.database, t.deps.logger);
  const received: BusEvent[] = [];
  const unsubscribe = second.subscribe('user-x', (event) => received.push(event));
  const started = performance.now();
  await first.publish(['user-x', 'user-y'], { kind: 'bets', betId: 'b1' });
  while (received.length === 0 && performance.now() - started < 3000) await new Promise((r) => setTimeout(r, 10));
  expect(received).toEqual([{ kind: 'bets', betId: 'b1' }]);
  unsubscribe();
  await first.close();
  await second.close();
});

test('signing out ends that session\'s open stream at once; another session\'s stream stays open', async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  // A second session of the same user (another device).
  const otherDevice = createAgent(t);
  expect((await otherDevice.post('/api/auth/sign-in/email', { email: creator.input.email, password: creator.input.password })).status).toBe(200);

  const stream = readEventStream(await openEventStream(t, creator.agent));
  const other = readEventStream(await openEventStream(t, otherDevice));
  try {
    await stream.waitFor((frame) => frame.event === 'ready');
    await other.waitFor((frame) => frame.event === 'ready');
    expect((await creator.agent.post('/api/auth/sign-out')).status).toBe(200);
    expect(await stream.ended(1500)).toBeLessThan(1500);

    // Nothing reaches the ended stream; the other device still hears the change.
    expect((await opponent.agent.post(`/api/bets/${bet.id}/accept`, {})).status).toBe(200);
    await other.waitFor((frame) => frame.event === 'change' && frame.data.includes(bet.id));
    expect(stream.frames.filter((frame) => frame.event === 'change')).toEqual([]);
  } finally {
    await stream.close();
    await other.close();
  }
});

test('a password reset (which revokes every session) ends the user\'s open streams at once', async () => {
  const me = await signedInUser(t);
  const stream = readEventStream(await openEventStream(t, me.agent));
  try {
    await stream.waitFor((frame) => frame.event === 'ready');
    const anon = createAgent(t);
    expect((await anon.post('/api/auth/request-password-reset', { email: me.input.email, redirectTo: '/reset-password' })).status).toBe(200);
    const mail = await latestMailTo(t, me.input.email.toLowerCase(), 'Reset your Sidepot password');
    const follow = await anon.get(pathOf(mail.links[0] ?? ''));
    const token = new URL(follow.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token');
    expect((await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })).status).toBe(200);
    expect(await stream.ended(1500)).toBeLessThan(1500);
  } finally {
    await stream.close();
  }
});
