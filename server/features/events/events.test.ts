import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { changeKinds } from '#domain/realtime.ts';
import { sessions } from '#server/db/schema/auth.ts';
import { createEventBus, type BusEvent } from '#server/lib/events.ts';
import { createAgent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { latestMailTo, makeFriends, pathOf, signedInUser } from '#server/testing/factories.ts';
import { choicesPotInput } from '#server/testing/pots.ts';
import { openEventStream, readEventStream, type SseFrame } from '#server/testing/sse.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/** A `change` frame's data, checked rather than cast. */
const changeFrameSchema = z.object({ kind: z.enum(changeKinds), betId: z.string().optional() }).strict();
/** A `ready` frame's data (ADR 045). */
const readyFrameSchema = z
  .object({ now: z.number(), from: z.number(), changes: z.array(changeFrameSchema.extend({ at: z.number() })) })
  .strict();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

/** Resolves with `promise`, or fails after `timeoutMs` instead of hanging the test. */
async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`${what} not seen within ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

test("a stream opened after a change tells it in its ready frame: the page's reads may have missed it", async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  // A first stream shows when the instance has heard the change (NOTIFY on PostgreSQL arrives after commit).
  const probe = readEventStream(await openEventStream(t, creator.agent));
  try {
    await probe.waitFor((frame) => frame.event === 'ready');
    const before = Date.now();
    expect((await opponent.agent.post(`/api/bets/${bet.id}/accept`, {})).status).toBe(200);
    await probe.waitFor((frame) => frame.event === 'change' && frame.data.includes('notifications'));

    const later = readEventStream(await openEventStream(t, creator.agent));
    const outsider = await signedInUser(t);
    const outsiders = readEventStream(await openEventStream(t, outsider.agent));
    try {
      const [ready] = await later.waitFor((frame) => frame.event === 'ready');
      const recent = readyFrameSchema.parse(JSON.parse(ready?.data ?? ''));
      expect(recent.from).toBeLessThanOrEqual(before);
      expect(recent.changes.map(({ kind, betId }) => ({ kind, betId }))).toEqual(
        expect.arrayContaining([
          { kind: 'bets', betId: bet.id },
          { kind: 'notifications', betId: undefined },
        ]),
      );
      for (const change of recent.changes) expect(change.at).toBeGreaterThanOrEqual(before);
      const [outsiderReady] = await outsiders.waitFor((frame) => frame.event === 'ready');
      expect(readyFrameSchema.parse(JSON.parse(outsiderReady?.data ?? '')).changes).toEqual([]);
    } finally {
      await later.close();
      await outsiders.close();
    }
  } finally {
    await probe.close();
  }
});

test('the event stream needs a session', async () => {
  expect((await createAgent(t).get('/api/events')).status).toBe(401);
});

test("both parties' streams hear about a bet change; outsiders hear nothing", async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  const outsider = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });

  const creatorResponse = await openEventStream(t, creator.agent);
  expect(creatorResponse.status).toBe(200);
  expect(creatorResponse.headers.get('content-type')).toContain('text/event-stream');
  const creatorStream = readEventStream(creatorResponse);
  const outsiderStream = readEventStream(await openEventStream(t, outsider.agent));
  try {
    // Both streams have subscribed once they said 'ready'; only then does the change happen.
    await creatorStream.waitFor((frame) => frame.event === 'ready');
    await outsiderStream.waitFor((frame) => frame.event === 'ready');
    expect((await opponent.agent.post(`/api/bets/${bet.id}/accept`, {})).status).toBe(200);

    const changes = (frames: SseFrame[]) =>
      frames
        .filter((frame) => frame.event === 'change')
        .map((frame) => changeFrameSchema.parse(JSON.parse(frame.data)));
    const isNotifications = (frame: SseFrame) =>
      frame.event === 'change' && frame.data.includes('notifications');
    const heard = changes(await creatorStream.waitFor(isNotifications));
    expect(heard).toContainEqual({ kind: 'bets', betId: bet.id });
    expect(heard).toContainEqual({ kind: 'notifications' });

    // Instead of waiting a while for nothing: a later event meant for the outsider arrives after
    // anything the accept could have sent them (one bus, delivered in order), so by then silence is proof.
    await t.deps.events.publish([outsider.user.id], { kind: 'friends' });
    const outsiderFrames = await outsiderStream.waitFor((frame) => frame.event === 'change');
    expect(changes(outsiderFrames)).toEqual([{ kind: 'friends' }]);
  } finally {
    await creatorStream.close();
    await outsiderStream.close();
  }
});

test('on PostgreSQL, an event published by one instance reaches streams on another', async () => {
  if (t.deps.database.kind !== 'postgres') {
    // PGlite is single-process: there is no second instance to reach.
    expect(t.deps.database.kind).toBe('pglite');
    return;
  }
  const first = await createEventBus(t.deps.database, t.deps.logger);
  const second = await createEventBus(t.deps.database, t.deps.logger);
  let unsubscribe = () => {};
  const received = new Promise<BusEvent>((resolve) => (unsubscribe = second.subscribe('user-x', resolve)));
  await first.publish(['user-x', 'user-y'], { kind: 'bets', betId: 'b1' });
  expect(await within(received, 3000, 'the event on the second instance')).toEqual({
    kind: 'bets',
    betId: 'b1',
  });
  unsubscribe();
  await first.close();
  await second.close();
});

test("signing out ends that session's open stream at once; another session's stream stays open", async () => {
  const creator = await signedInUser(t);
  const opponent = await signedInUser(t);
  await makeFriends(t, creator.user.id, opponent.user.id);
  const bet = await insertBet(t, { createdBy: creator.user.id, opponentId: opponent.user.id });
  // A second session of the same user (another device).
  const otherDevice = createAgent(t);
  expect(
    (
      await otherDevice.post('/api/auth/sign-in/email', {
        email: creator.input.email,
        password: creator.input.password,
      })
    ).status,
  ).toBe(200);

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

test("a password reset (which revokes every session) ends the user's open streams at once", async () => {
  const me = await signedInUser(t);
  const stream = readEventStream(await openEventStream(t, me.agent));
  try {
    await stream.waitFor((frame) => frame.event === 'ready');
    const anon = createAgent(t);
    expect(
      (
        await anon.post('/api/auth/request-password-reset', {
          email: me.input.email,
          redirectTo: '/reset-password',
        })
      ).status,
    ).toBe(200);
    const mail = await latestMailTo(t, me.input.email.toLowerCase(), 'Reset your Sidepot password');
    const follow = await anon.get(pathOf(mail.links[0] ?? ''));
    const token = new URL(follow.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token');
    expect(
      (await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })).status,
    ).toBe(200);
    expect(await stream.ended(1500)).toBeLessThan(1500);
  } finally {
    await stream.close();
  }
});

test('shutting down ends every open stream, and a stream opened after that ends at once', async () => {
  // A second instance on the same database, so ending its streams leaves this file's app alone.
  const other = await createTestApp({ database: t.deps.database });
  try {
    const user = await signedInUser(other);
    const stream = readEventStream(await openEventStream(other, user.agent));
    await within(stream.waitFor((frame) => frame.event === 'ready'), 5000, 'ready');
    other.deps.events.endStreams();
    await stream.ended();
    const late = await openEventStream(other, user.agent);
    expect(late.status).toBe(200);
    await readEventStream(late).ended();
  } finally {
    await other.close();
  }
});

test('a session deleted in the database, with no bus event, ends its stream at the next heartbeat', async () => {
  // A second instance with a short heartbeat, on the same database.
  const other = await createTestApp({ database: t.deps.database, heartbeatMs: 300 });
  try {
    const gone = await signedInUser(other);
    const kept = await signedInUser(other);
    const goneStream = readEventStream(await openEventStream(other, gone.agent));
    const keptStream = readEventStream(await openEventStream(other, kept.agent));
    await goneStream.waitFor((frame) => frame.event === 'ready');
    await keptStream.waitFor((frame) => frame.event === 'ready');
    // As an operator removing it by hand (or an expired row) would: better-auth's hooks never run.
    await other.db.delete(sessions).where(eq(sessions.userId, gone.user.id));
    expect(await goneStream.ended(3000)).toBeLessThan(3000);
    // The live session's stream keeps its heartbeats.
    await keptStream.waitFor((frame) => frame.event === 'ping', 3000);
    expect(other.deps.streams.size()).toBe(1);
    await keptStream.close();
  } finally {
    await other.close();
  }
});

test("a group's members hear its changes live: a rename ('groups'), a new group pot ('pots', and 'notifications' for the told); outsiders nothing", async () => {
  const owner = await signedInUser(t);
  const member = await signedInUser(t);
  const outsider = await signedInUser(t);
  const other = await signedInUser(t);
  for (const friend of [member, other]) await makeFriends(t, owner.user.id, friend.user.id);
  const made = await owner.agent.api.groups.$post({
    json: { name: 'Golf Four', memberIds: [member.user.id, other.user.id] },
  });
  const { id } = await made.json();

  const memberStream = readEventStream(await openEventStream(t, member.agent));
  const outsiderStream = readEventStream(await openEventStream(t, outsider.agent));
  const kinds = (frames: SseFrame[]) =>
    frames
      .filter((frame) => frame.event === 'change')
      .map((frame) => changeFrameSchema.parse(JSON.parse(frame.data)).kind);
  // What the member heard since the marker below, once `done` holds of it.
  const heardSince = async (start: number, done: (heard: string[]) => boolean) => {
    const since = () => kinds(memberStream.frames).slice(start);
    await memberStream.waitFor(() => done(since()));
    return since();
  };
  try {
    await memberStream.waitFor((frame) => frame.event === 'ready');
    await outsiderStream.waitFor((frame) => frame.event === 'ready');
    // On PostgreSQL the group's own creation may still be on its way (NOTIFY arrives after commit): a marker
    // published now arrives after it (one bus, in order), so what follows the marker is the test's alone.
    await t.deps.events.publish([member.user.id], { kind: 'people' });
    await memberStream.waitFor((frame) => frame.event === 'change' && frame.data.includes('people'));
    const start = kinds(memberStream.frames).length;
    expect(
      (await owner.agent.api.groups[':id'].$patch({ param: { id }, json: { name: 'Golf Five' } })).status,
    ).toBe(200);
    expect(await heardSince(start, (heard) => heard.length > 0)).toEqual(['groups']);

    const pot = await other.agent.api.pots.$post({
      json: choicesPotInput({
        question: 'Longest drive?',
        inviteeIds: [owner.user.id, member.user.id],
        groupId: id,
      }),
    });
    expect(pot.status).toBe(201);
    expect(await heardSince(start, (heard) => heard.includes('notifications'))).toEqual([
      'groups',
      'pots',
      'notifications',
    ]);

    await t.deps.events.publish([outsider.user.id], { kind: 'friends' });
    expect(kinds(await outsiderStream.waitFor((frame) => frame.event === 'change'))).toEqual(['friends']);
  } finally {
    await memberStream.close();
    await outsiderStream.close();
  }
});
