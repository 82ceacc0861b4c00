import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { activitySentence, type NotificationType } from '#domain/notifications.ts';
import { groups } from '#server/db/schema/groups.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { notificationPreferences } from '#server/db/schema/preferences.ts';
import { pushOutbox, pushSubscriptions } from '#server/db/schema/push.ts';
import { MAIL_PRIORITY } from '#server/lib/mail-outbox.ts';
import type { Agent } from '#server/testing/agent.ts';
import { choicesPotInput } from '#server/testing/pots.ts';
import { linksIn, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/* The 'Groups' notifications (ADR 065): who is told of being added, removed and of a new group pot. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type Person = { agent: Agent; id: string; name: string; email: string };

const groupTypes: NotificationType[] = ['group_added', 'group_removed', 'group_pot_started'];

async function person(): Promise<Person> {
  const { agent, user } = await signedInUser(t);
  // Every test person has a device, so each line's push (or its absence) shows in the push outbox.
  await t.db.insert(pushSubscriptions).values({
    userId: user.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`,
    p256dh: 'k',
    auth: 'a',
  });
  return { agent, id: user.id, name: user.name, email: user.email };
}

/** An owner and `n` friends of theirs (not each other's), in a group the owner made. */
async function crew(n: number, name = 'Golf Four', before?: (members: Person[]) => Promise<void>) {
  const owner = await person();
  const members: Person[] = [];
  for (let i = 0; i < n; i += 1) {
    const member = await person();
    await makeFriends(t, owner.id, member.id);
    members.push(member);
  }
  await before?.(members);
  const res = await owner.agent.api.groups.$post({ json: { name, memberIds: members.map((m) => m.id) } });
  expect(res.status).toBe(201);
  const { id } = await res.json();
  const [row] = await t.db.select({ code: groups.inviteCode }).from(groups).where(eq(groups.id, id));
  return { id, code: row?.code ?? '', owner, members };
}

/** The group lines someone got, oldest first, with their pushes. */
async function groupLinesOf(userId: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.type, groupTypes)))
    .orderBy(notifications.createdAt);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      pushes: (await t.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, row.id))).length,
    })),
  );
}

/** Notification mail queued for this address (the sign-up's verification mail aside). */
async function mailsTo(email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.priority, MAIL_PRIORITY.notification)))
    .orderBy(mailOutbox.createdAt);
}

const potInput = (groupId: string, inviteeIds: string[], refereeId: string | null = null) =>
  choicesPotInput({ question: 'Longest drive on hole 7?', inviteeIds, groupId, refereeId });

test("New Group: every picked member reads '<Owner> added you to a group: <name>', pushed and mailed with the group's link; the owner gets nothing", async () => {
  const { id, owner, members } = await crew(2);
  for (const member of members) {
    const [line, ...more] = await groupLinesOf(member.id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      type: 'group_added',
      actorId: owner.id,
      betId: null,
      data: { groupId: id, groupName: 'Golf Four' },
      pushes: 1,
    });
    const [mail, ...moreMail] = await mailsTo(member.email);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe(`${owner.name} added you to a group`);
    expect(mail?.text).toContain('"Golf Four"');
    expect(linksIn(mail?.text ?? '')).toContain(`${TEST_ORIGIN}/groups/${id}`);
  }
  // The inbox reads it as the sentence the style asks for.
  const inbox = await members[0]?.agent.api.activity.$get({ query: {} });
  const page = await inbox?.json();
  const item = page?.items.find((i) => i.type === 'group_added');
  expect(item && activitySentence(item, members[0]?.id ?? '')).toBe(
    `${owner.name} added you to a group: Golf Four`,
  );
  expect(await groupLinesOf(owner.id)).toEqual([]);
  expect(await mailsTo(owner.email)).toEqual([]);
});

test('joining by link is no notification: neither the joiner nor the members get a line', async () => {
  const { code, owner, members } = await crew(1);
  const joiner = await person();
  expect((await joiner.agent.api.groups.join[':code'].$post({ param: { code } })).status).toBe(200);
  expect(await groupLinesOf(joiner.id)).toEqual([]);
  expect(await groupLinesOf(owner.id)).toEqual([]);
  expect((await groupLinesOf(members[0]?.id ?? '')).map((l) => l.type)).toEqual(['group_added']);
});

test("removed by the owner: only the removed member reads '<Owner> removed you from a group: <name>'; leaving tells nobody", async () => {
  const { id, owner, members } = await crew(3);
  const [gone, stays, leaves] = members as [Person, Person, Person];
  expect(
    (await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: gone.id } }))
      .status,
  ).toBe(200);
  const lines = await groupLinesOf(gone.id);
  expect(lines.map((l) => l.type)).toEqual(['group_added', 'group_removed']);
  expect(lines[1]).toMatchObject({
    actorId: owner.id,
    data: { groupId: id, groupName: 'Golf Four' },
    pushes: 1,
  });
  // The first mail of the category went out for 'added'; this one waits in the throttle's window.
  expect((await mailsTo(gone.email)).map((m) => m.subject)).toEqual([`${owner.name} added you to a group`]);

  expect((await leaves.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
  for (const member of [stays, leaves])
    expect((await groupLinesOf(member.id)).map((l) => l.type)).toEqual(['group_added']);
  expect(await groupLinesOf(owner.id)).toEqual([]);
});

test('a removal refused (not the owner) writes no line', async () => {
  const { id, members } = await crew(2);
  const [a, b] = members as [Person, Person];
  expect(
    (await a.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: b.id } })).status,
  ).toBe(403);
  expect((await groupLinesOf(b.id)).map((l) => l.type)).toEqual(['group_added']);
});

test("a new group pot: every member but the starter reads '<Name> started a pot in <group>: <question>' (no second invitation line), pushed and mailed with the pot's link; outsiders nothing", async () => {
  // Email is off while the group is made (no 'added' mail), then back to the default: the pot's mail is
  // each member's first in the category, not held by the throttle.
  const { id, code, owner, members } = await crew(3, 'Golf Four', async (people) => {
    await t.db.insert(notificationPreferences).values(
      people.map((p) => ({
        userId: p.id,
        category: 'groups' as const,
        channel: 'email' as const,
        enabled: false,
      })),
    );
  });
  await t.db.delete(notificationPreferences).where(
    inArray(
      notificationPreferences.userId,
      members.map((m) => m.id),
    ),
  );
  const [starter, b, c] = members as [Person, Person, Person];
  // A member who joined by link is told too, though not Ana's friend.
  const late = await person();
  expect((await late.agent.api.groups.join[':code'].$post({ param: { code } })).status).toBe(200);
  const outsider = await person();
  await makeFriends(t, outsider.id, starter.id);

  const res = await starter.agent.api.pots.$post({ json: potInput(id, [owner.id, b.id, c.id, late.id]) });
  expect(res.status).toBe(201);
  const pot = await res.json();

  for (const member of [owner, b, c, late]) {
    const potLines = await t.db
      .select({
        type: notifications.type,
        data: notifications.data,
        actorId: notifications.actorId,
        id: notifications.id,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, member.id),
          inArray(notifications.type, ['group_pot_started', 'pot_invited']),
        ),
      );
    expect(potLines.map(({ type, actorId, data }) => ({ type, actorId, data }))).toEqual([
      {
        type: 'group_pot_started',
        actorId: starter.id,
        data: {
          description: 'Longest drive on hole 7?',
          amount: 10,
          potId: pot.id,
          groupId: id,
          groupName: 'Golf Four',
        },
      },
    ]);
    expect(
      await t.db
        .select()
        .from(pushOutbox)
        .where(eq(pushOutbox.notificationId, potLines[0]?.id ?? '')),
    ).toHaveLength(1);
  }
  const [mail] = (await mailsTo(b.email)).filter((m) => m.subject.includes('started a pot'));
  expect(mail?.subject).toBe(`${starter.name} started a pot in Golf Four`);
  expect(mail?.text).toContain('Longest drive on hole 7?');
  expect(linksIn(mail?.text ?? '')).toContain(`${TEST_ORIGIN}/pots/${pot.id}`);
  const inbox = await b.agent.api.activity.$get({ query: {} });
  const item = (await inbox.json()).items.find((i) => i.type === 'group_pot_started');
  expect(item && activitySentence(item, b.id)).toBe(
    `${starter.name} started a pot in Golf Four: Longest drive on hole 7?`,
  );

  expect(await groupLinesOf(starter.id)).toMatchObject([{ type: 'group_added' }]);
  expect(await groupLinesOf(outsider.id)).toEqual([]);
});

test('a group pot with a member as referee: the referee gets only the referee request', async () => {
  const { id, owner, members } = await crew(3);
  const [referee, other, third] = members as [Person, Person, Person];
  const res = await owner.agent.api.pots.$post({ json: potInput(id, [other.id, third.id], referee.id) });
  expect(res.status).toBe(201);
  const types = async (userId: string) =>
    (
      await t.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    )
      .map((r) => r.type)
      .sort();
  expect(await types(referee.id)).toEqual(['group_added', 'pot_referee_asked']);
  expect(await types(other.id)).toEqual(['group_added', 'group_pot_started']);
});

test("'Groups' Push and Email off: the lines still reach the inbox, with no push and no mail; a friends' pot invitation still mails", async () => {
  const { id, owner, members } = await crew(2, 'Quiet Crew', async (people) => {
    await t.db.insert(notificationPreferences).values(
      people.slice(0, 1).flatMap((p) => [
        { userId: p.id, category: 'groups' as const, channel: 'push' as const, enabled: false },
        { userId: p.id, category: 'groups' as const, channel: 'email' as const, enabled: false },
      ]),
    );
  });
  const [muted, other] = members as [Person, Person];
  expect((await owner.agent.api.pots.$post({ json: potInput(id, [muted.id, other.id]) })).status).toBe(201);
  expect(
    (await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: muted.id } }))
      .status,
  ).toBe(200);

  const lines = await groupLinesOf(muted.id);
  expect(lines.map((l) => [l.type, l.pushes])).toEqual([
    ['group_added', 0],
    ['group_pot_started', 0],
    ['group_removed', 0],
  ]);
  expect(await mailsTo(muted.email)).toEqual([]);

  // 'Bet challenges' still carries a pot among friends, outside any group.
  expect(
    (await owner.agent.api.pots.$post({ json: { ...potInput(id, [muted.id, other.id]), groupId: null } }))
      .status,
  ).toBe(201);
  expect((await mailsTo(muted.email)).map((m) => m.subject)).toEqual([`${owner.name} invited you to a pot`]);
});
