import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DeliveryChannel, NotificationCategory } from '#domain/notification-preferences.ts';
import { mailOutbox, mailThrottle } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import { enqueueMail, MAIL_PRIORITY } from '#server/lib/mail-outbox.ts';
import { verificationMail } from '#server/lib/mail-templates.ts';
import type { MailMessage } from '#server/lib/mail-transport.ts';
import { insertBet } from '#server/testing/bets.ts';
import { insertUser, linksIn, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { linkableIn } from '#server/testing/linkable.ts';
import { openSecondPool } from '#server/testing/second-pool.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';
import { flushHeldNotificationMail } from '#server/lib/notification-mail.ts';

let t: TestApp;
let actor: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  actor = await signedInUser(t, { name: 'Avery Actor' });
});
afterAll(() => closeTestApp(t));

/** A fresh friend of the actor, so no other test's throttle or switch applies. */
async function friend() {
  const user = await insertUser(t);
  await makeFriends(t, actor.user.id, user.id);
  return user;
}

async function switchOff(userId: string, category: NotificationCategory, channel: DeliveryChannel = 'email') {
  await t.db.insert(notificationPreferences).values({ userId, category, channel, enabled: false });
}

async function mailTo(email: string): Promise<MailMessage[]> {
  return (await t.sentMail()).filter((m) => m.to === email);
}

async function inboxTypes(userId: string) {
  return (
    await t.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((n) => n.type);
}

async function placeBet(opponentId: string, description = 'Rain on Friday', amount = 20) {
  const res = await actor.agent.api.bets.$post({ json: { description, opponentId, amount } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

function expectUnsubscribable(mail: MailMessage | undefined) {
  const unsubscribe = mail?.headers?.['List-Unsubscribe'] ?? '';
  expect(unsubscribe).toMatch(new RegExp(`^<${TEST_ORIGIN}/api/unsubscribe\\?token=[^>]+>$`));
  expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail?.html).toMatch(
    /<a href="http:\/\/localhost:3000\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/,
  );
  expect(mail?.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=\S+/);
}

test('a challenge mails the opponent: actor, amount, description, the bet link and a one-click unsubscribe', async () => {
  const opponent = await friend();
  const betId = await placeBet(opponent.id, 'Lakers win tonight', 25);
  const [mail, ...more] = await mailTo(opponent.email);
  expect(more).toEqual([]);
  expect(mail?.subject).toBe('Avery Actor challenged you to a $25 bet');
  for (const part of [mail?.text, mail?.html]) {
    expect(part).toContain('Avery Actor');
    expect(part).toContain('$25');
    expect(part).toContain('Lakers win tonight');
  }
  expect(linksIn(mail?.text ?? '')).toContain(`${TEST_ORIGIN}/bets/${betId}`);
  expect(mail?.html).toContain(`href="${TEST_ORIGIN}/bets/${betId}"`);
  expectUnsubscribable(mail);
});

test("'Bet challenges' Email off: no mail, the inbox line still comes", async () => {
  const opponent = await friend();
  await switchOff(opponent.id, 'challenges');
  await placeBet(opponent.id);
  expect(await mailTo(opponent.email)).toEqual([]);
  expect(await inboxTypes(opponent.id)).toEqual(['bet_placed']);
});

test("'Bet challenges' Push off leaves its Email on", async () => {
  const opponent = await friend();
  await switchOff(opponent.id, 'challenges', 'push');
  await placeBet(opponent.id);
  expect(await mailTo(opponent.email)).toHaveLength(1);
});

test('a friend request mails its recipient with a link to /activity, unless Friend requests Email is off', async () => {
  const on = await insertUser(t, { name: 'Rita Receiver' });
  const off = await insertUser(t);
  await switchOff(off.id, 'friend_requests');
  for (const user of [on, off])
    expect((await actor.agent.api['friend-requests'].$post({ json: { userId: user.id } })).status).toBe(201);
  const [mail] = await mailTo(on.email);
  expect(mail?.subject).toBe('Avery Actor sent you a friend request');
  expect(mail?.text).toContain('Hi Rita Receiver,');
  expect(linksIn(mail?.text ?? '')).toContain(`${TEST_ORIGIN}/activity`);
  expectUnsubscribable(mail);
  expect(await mailTo(off.email)).toEqual([]);
  expect(await inboxTypes(off.id)).toEqual(['friend_request_received']);
});

test('a void request mails the other party, unless Bet updates Email is off', async () => {
  const [on, off] = [await friend(), await friend()];
  await switchOff(off.id, 'bet_updates');
  for (const user of [on, off]) {
    const bet = await insertBet(t, {
      createdBy: actor.user.id,
      opponentId: user.id,
      status: 'active',
      amount: 30,
    });
    expect((await actor.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).status).toBe(200);
  }
  const [mail] = await mailTo(on.email);
  expect(mail?.subject).toBe('Avery Actor asked to void your bet');
  expect(mail?.text).toContain('$30');
  expectUnsubscribable(mail);
  expect(await mailTo(off.email)).toEqual([]);
});

test('a payment marked as sent mails the winner, unless Bet updates Email is off', async () => {
  const [on, off] = [await friend(), await friend()];
  await switchOff(off.id, 'bet_updates');
  for (const user of [on, off]) {
    const bet = await insertBet(t, {
      createdBy: actor.user.id,
      opponentId: user.id,
      winnerId: user.id,
      amount: 15,
    });
    expect((await actor.agent.api.bets[':id']['payment-sent'].$post({ param: { id: bet.id } })).status).toBe(
      200,
    );
  }
  const [mail] = await mailTo(on.email);
  expect(mail?.subject).toBe('Avery Actor marked $15 as paid');
  expectUnsubscribable(mail);
  expect(await mailTo(off.email)).toEqual([]);
});

test("'bet accepted' goes through the same path and respects Bet updates Email", async () => {
  const [on, off] = [await friend(), await friend()];
  await switchOff(off.id, 'bet_updates');
  for (const creator of [on, off]) {
    const bet = await insertBet(t, { createdBy: creator.id, opponentId: actor.user.id, amount: 20 });
    expect((await actor.agent.api.bets[':id'].accept.$post({ param: { id: bet.id }, json: {} })).status).toBe(
      200,
    );
  }
  const [mail, ...more] = await mailTo(on.email);
  expect(more).toEqual([]);
  expect(mail?.subject).toBe('Avery Actor accepted your bet');
  expect(mail?.text).toContain('$20');
  expectUnsubscribable(mail);
  expect(await mailTo(off.email)).toEqual([]);
});

test('a comment mails nobody by default; with Comments Email on it mails the party', async () => {
  const [quiet, keen] = [await friend(), await friend()];
  await t.db
    .insert(notificationPreferences)
    .values({ userId: keen.id, category: 'comments', channel: 'email', enabled: true });
  for (const user of [quiet, keen]) {
    const bet = await insertBet(t, { createdBy: actor.user.id, opponentId: user.id, status: 'active' });
    expect(
      (
        await actor.agent.api.bets[':id'].comments.$post({
          param: { id: bet.id },
          json: { text: 'Bring it' },
        })
      ).status,
    ).toBe(201);
  }
  expect(await mailTo(quiet.email)).toEqual([]);
  expect(await inboxTypes(quiet.id)).toEqual(['comment_added']);
  const [mail] = await mailTo(keen.email);
  expect(mail?.subject).toBe('Avery Actor commented on your bet');
  expectUnsubscribable(mail);
});

test("a challenge at odds names both stakes, the challenger's first (ADR 066)", async () => {
  const opponent = await friend();
  const res = await actor.agent.api.bets.$post({
    json: { description: 'Odds on rain', opponentId: opponent.id, amount: 20, opponentStake: 10 },
  });
  expect(res.status).toBe(201);
  const [mail] = await mailTo(opponent.email);
  expect(mail?.subject).toBe('Avery Actor challenged you to a $20 vs $10 bet');
  expect(mail?.text).toContain('Avery Actor challenged you to a $20 vs $10 bet: "Odds on rain".');
});

test('inbox-only events (declined, resolved) mail nobody', async () => {
  const user = await friend();
  const pending = await insertBet(t, { createdBy: user.id, opponentId: actor.user.id });
  expect((await actor.agent.api.bets[':id'].decline.$post({ param: { id: pending.id } })).status).toBe(200);
  const active = await insertBet(t, { createdBy: user.id, opponentId: actor.user.id, status: 'active' });
  expect(
    (await actor.agent.api.bets[':id'].resolve.$post({ param: { id: active.id }, json: { outcome: 'won' } }))
      .status,
  ).toBe(200);
  expect(await mailTo(user.email)).toEqual([]);
});

async function windowEnds(userId: string) {
  await t.db
    .update(mailThrottle)
    .set({ lastSentAt: sql`now() - interval '11 minutes'` })
    .where(eq(mailThrottle.userId, userId));
}

test("no flood: 3 challenges in 10 minutes send 1 mail; the next one after the window says 'and 2 more'", async () => {
  const opponent = await friend();
  for (const description of ['One', 'Two', 'Three']) await placeBet(opponent.id, description);
  const first = await mailTo(opponent.email);
  expect(first.map((m) => m.subject)).toEqual(['Avery Actor challenged you to a $20 bet']);
  expect(await inboxTypes(opponent.id)).toHaveLength(3);

  await windowEnds(opponent.id);
  await placeBet(opponent.id, 'Four', 5);
  const [, next, ...rest] = await mailTo(opponent.email);
  expect(rest).toEqual([]);
  expect(next?.subject).toBe('Avery Actor challenged you to a $5 bet (and 2 more)');
  expect(next?.text).toContain('Four');
  expect(next?.text).toContain('and 2 more');
  expect(next?.html).toContain('and 2 more');
});

test('the throttle is per category: a challenge and a void request in one window both mail', async () => {
  const user = await friend();
  await placeBet(user.id);
  const bet = await insertBet(t, { createdBy: actor.user.id, opponentId: user.id, status: 'active' });
  expect((await actor.agent.api.bets[':id'].void.$post({ param: { id: bet.id } })).status).toBe(200);
  expect((await mailTo(user.email)).map((m) => m.subject).sort()).toEqual([
    'Avery Actor asked to void your bet',
    'Avery Actor challenged you to a $20 bet',
  ]);
});

test('two challenges at the same moment send one mail, not two', async () => {
  const opponent = await friend();
  const other = await signedInUser(t);
  await makeFriends(t, other.user.id, opponent.id);
  const results = await Promise.all([
    actor.agent.api.bets.$post({ json: { description: 'Race A', opponentId: opponent.id, amount: 5 } }),
    other.agent.api.bets.$post({ json: { description: 'Race B', opponentId: opponent.id, amount: 5 } }),
  ]);
  expect(results.map((r) => r.status)).toEqual([201, 201]);
  expect(await mailTo(opponent.email)).toHaveLength(1);
  const [row] = await t.db.select().from(mailThrottle).where(eq(mailThrottle.userId, opponent.id));
  expect(row?.held).toBe(1);
});

test('held mail with no next event goes out once its window ends, once', async () => {
  const opponent = await friend();
  for (const description of ['A', 'B', 'C']) await placeBet(opponent.id, description);
  expect(await flushHeldNotificationMail(t.db)).toBe(0);
  await windowEnds(opponent.id);
  expect(await flushHeldNotificationMail(t.db)).toBeGreaterThanOrEqual(1);
  expect(await flushHeldNotificationMail(t.db)).toBe(0);
  const sent = await mailTo(opponent.email);
  // Both were queued before this drain, and one batch is delivered side by side: any order.
  expect(sent.map((m) => m.subject).sort()).toEqual([
    '2 more in Bet challenges on Sidepot',
    'Avery Actor challenged you to a $20 bet',
  ]);
  const summary = sent.find((m) => m.subject.startsWith('2 more'));
  expect(summary?.text).toContain('Bet challenges: 2 more since our last email.');
  expect(linksIn(summary?.text ?? '')).toContain(`${TEST_ORIGIN}/activity`);
  expectUnsubscribable(summary);
});

test('two instances flushing held mail at once queue the summary once', async () => {
  const opponent = await friend();
  for (const description of ['A', 'B']) await placeBet(opponent.id, description);
  await windowEnds(opponent.id);
  const second = openSecondPool(t.deps.database);
  try {
    await Promise.all([
      flushHeldNotificationMail(t.db),
      flushHeldNotificationMail(second.db),
      flushHeldNotificationMail(t.db),
    ]);
  } finally {
    await second.close();
  }
  expect((await mailTo(opponent.email)).map((m) => m.subject).sort()).toEqual([
    '1 more in Bet challenges on Sidepot',
    'Avery Actor challenged you to a $20 bet',
  ]);
});

test('held mail of a category switched off meanwhile is dropped by the flush', async () => {
  const opponent = await friend();
  for (const description of ['A', 'B']) await placeBet(opponent.id, description);
  await switchOff(opponent.id, 'challenges');
  await windowEnds(opponent.id);
  await flushHeldNotificationMail(t.db);
  expect(await mailTo(opponent.email)).toHaveLength(1);
});

test('a verification mail queued after 50 notification mails is claimed first', async () => {
  await t.sentMail();
  const before = t.transport.sent.length;
  for (let i = 0; i < 50; i += 1) {
    await enqueueMail(
      t.db,
      { to: `bulk${i}@example.com`, subject: `Notification ${i}`, text: 'x', html: 'x' },
      MAIL_PRIORITY.notification,
    );
  }
  await t.deps.mail.send(verificationMail('first@example.com', `${TEST_ORIGIN}/verify`));
  const sent = (await t.sentMail()).slice(before);
  expect(sent).toHaveLength(51);
  // The worker claims 20 at a time, account mail first: the verification is in the first batch.
  expect(sent.findIndex((m) => m.to === 'first@example.com')).toBeLessThan(20);
  const rows = await t.db
    .select({ priority: mailOutbox.priority })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, 'first@example.com')));
  expect(rows).toEqual([{ priority: MAIL_PRIORITY.account }]);
});

test('user-chosen text in a notification mail is escaped and never linkable: names and the description are defanged (ADR 050)', async () => {
  const eve = await signedInUser(t, { name: 'Eve http://evil.example' });
  const rita = await insertUser(t, { name: 'Rita ada@evil.example' });
  await makeFriends(t, eve.user.id, rita.id);
  const res = await eve.agent.api.bets.$post({
    json: { description: 'See evil.example <b>now</b> & "go"', opponentId: rita.id, amount: 20 },
  });
  expect(res.status).toBe(201);
  const [mail] = await mailTo(rita.email);
  expect(mail?.subject).toBe('Eve http[:]//evil[.]example challenged you to a $20 bet');
  expect(mail?.text).toContain('Hi Rita ada@evil[.]example,');
  expect(mail?.text).toContain(
    'Eve http[:]//evil[.]example challenged you to a $20 bet: "See evil[.]example <b>now</b> & "go"".',
  );
  expect(mail?.html).toContain('See evil[.]example &lt;b&gt;now&lt;/b&gt; &amp; &quot;go&quot;');
  expect(mail?.html).not.toContain('<b>');
  for (const part of [mail?.subject, mail?.text, mail?.html]) {
    expect(part).not.toContain('evil.example');
    expect(part).not.toContain('http://evil');
    expect(linkableIn(part ?? '').filter((link) => !link.startsWith(TEST_ORIGIN))).toEqual([]);
  }
});
