import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { friendships } from '#server/db/schema/friends.ts';
import { groupMembers, groups } from '#server/db/schema/groups.ts';
import { potPayments, pots } from '#server/db/schema/pots.ts';
import { type Agent, createAgent, errorOf } from '#server/testing/agent.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

type Person = { agent: Agent; id: string };

async function person(): Promise<Person> {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id };
}

/** An owner and `n` friends of theirs, in a group the owner made. */
async function groupOf(n: number, name = 'Golf Four') {
  const owner = await person();
  const members: Person[] = [];
  for (let i = 0; i < n; i += 1) {
    const member = await person();
    await makeFriends(t, owner.id, member.id);
    members.push(member);
  }
  const res = await owner.agent.api.groups.$post({ json: { name, memberIds: members.map((m) => m.id) } });
  expect(res.status).toBe(201);
  const { id } = await res.json();
  return { id, owner, members };
}

async function codeOf(groupId: string): Promise<string> {
  const [row] = await t.db.select({ code: groups.inviteCode }).from(groups).where(eq(groups.id, groupId));
  if (!row) throw new Error('group missing');
  return row.code;
}

async function memberIds(groupId: string): Promise<string[]> {
  const rows = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return rows.map((row) => row.userId).sort();
}

test('New Group: the owner and the picked friends, listed with the members count on each member’s card', async () => {
  const { id, owner, members } = await groupOf(2, '  Fantasy League  ');
  const mine = await owner.agent.api.groups.$get();
  expect(mine.status).toBe(200);
  expect(await mine.json()).toEqual([{ id, name: 'Fantasy League', memberCount: 3 }]);
  const [first, second] = members as [Person, Person];
  const theirs = await first.agent.api.groups.$get();
  expect(await theirs.json()).toEqual([{ id, name: 'Fantasy League', memberCount: 3 }]);

  const page = await second.agent.api.groups[':id'].$get({ param: { id } });
  expect(page.status).toBe(200);
  const view = await page.json();
  expect(view.ownerId).toBe(owner.id);
  // Longest-standing first: the owner made the group.
  expect(view.members.map((m) => m.id)).toEqual([owner.id, ...members.map((m) => m.id).sort()]);
  expect(view.inviteUrl).toBe(`${TEST_ORIGIN}/groups/join/${await codeOf(id)}`);
});

test('New Group refuses a bad name, no friends, more than 49 friends, strangers and the creator (422/403)', async () => {
  const owner = await person();
  const friend = await insertUser(t);
  await makeFriends(t, owner.id, friend.id);
  const stranger = await insertUser(t);
  const post = (json: { name: string; memberIds: string[] }) => owner.agent.api.groups.$post({ json });

  const blank = await post({ name: ' ', memberIds: [friend.id] });
  expect(blank.status).toBe(422);
  expect((await errorOf(blank)).error.issues).toEqual([{ path: 'name', message: 'Please give the group a name.' }]);
  expect((await post({ name: 'x'.repeat(41), memberIds: [friend.id] })).status).toBe(422);
  expect((await post({ name: 'x'.repeat(40), memberIds: [friend.id] })).status).toBe(201);
  const none = await post({ name: 'Crew', memberIds: [] });
  expect((await errorOf(none)).error.issues).toEqual([
    { path: 'memberIds', message: 'Pick at least one friend for the group.' },
  ]);
  const many = Array.from({ length: 50 }, (_, i) => `u_fake${i}`);
  const tooMany = await post({ name: 'Crew', memberIds: many });
  expect((await errorOf(tooMany)).error.issues).toEqual([
    { path: 'memberIds', message: 'A group can have at most 50 members.' },
  ]);
  const withStranger = await post({ name: 'Crew', memberIds: [friend.id, stranger.id] });
  expect(withStranger.status).toBe(403);
  expect((await errorOf(withStranger)).error.message).toBe('You can only add your friends to a group.');
  expect((await post({ name: 'Crew', memberIds: [owner.id] })).status).toBe(403);
  const anonymous = await createAgent(t).api.groups.$post({ json: { name: 'Crew', memberIds: [friend.id] } });
  expect(anonymous.status).toBe(401);
});

test('only members see a group: anyone else, and an unknown id, get the same 404', async () => {
  const { id } = await groupOf(1);
  const outsider = await person();
  const res = await outsider.agent.api.groups[':id'].$get({ param: { id } });
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'Group not found.' } });
  const unknown = await outsider.agent.api.groups[':id'].$get({ param: { id: crypto.randomUUID() } });
  expect(await errorOf(unknown)).toEqual({ error: { code: 'NOT_FOUND', message: 'Group not found.' } });
  expect((await outsider.agent.api.groups[':id'].$get({ param: { id: 'nope' } })).status).toBe(404);
  expect((await createAgent(t).api.groups[':id'].$get({ param: { id } })).status).toBe(401);
  for (const res of [
    await outsider.agent.api.groups[':id'].$patch({ param: { id }, json: { name: 'Mine now' } }),
    await outsider.agent.api.groups[':id'].leave.$post({ param: { id } }),
    await outsider.agent.api.groups[':id'].link.reset.$post({ param: { id } }),
  ])
    expect(res.status).toBe(404);
});

test('joining by link: the page shows name and members count; joining makes nobody friends', async () => {
  const { id, owner } = await groupOf(1, 'Office');
  const code = await codeOf(id);
  const visitor = await person();
  const page = await visitor.agent.api.groups.join[':code'].$get({ param: { code } });
  expect(page.status).toBe(200);
  expect(await page.json()).toEqual({ id, name: 'Office', memberCount: 2, isMember: false });
  const join = await visitor.agent.api.groups.join[':code'].$post({ param: { code } });
  expect(join.status).toBe(200);
  expect(await join.json()).toEqual({ id });
  expect(await memberIds(id)).toContain(visitor.id);
  const again = await visitor.agent.api.groups.join[':code'].$post({ param: { code } });
  expect(again.status).toBe(409);
  expect((await errorOf(again)).error.message).toBe('You are already in this group.');
  expect(
    await t.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, visitor.id), eq(friendships.friendId, owner.id))),
  ).toEqual([]);
  const after = await visitor.agent.api.groups.join[':code'].$get({ param: { code } });
  expect((await after.json()).isMember).toBe(true);
  expect((await createAgent(t).api.groups.join[':code'].$get({ param: { code } })).status).toBe(401);
  const bad = await visitor.agent.api.groups.join[':code'].$get({ param: { code: 'short' } });
  expect(await errorOf(bad)).toEqual({ error: { code: 'NOT_FOUND', message: 'This group link is no longer valid.' } });
});

test('the owner renames, resets the link (the old one dies) and removes members; members may not', async () => {
  const { id, owner, members } = await groupOf(2);
  const [a, b] = members as [Person, Person];
  const rename = await owner.agent.api.groups[':id'].$patch({ param: { id }, json: { name: 'The Crew' } });
  expect(rename.status).toBe(200);
  const tooLong = await owner.agent.api.groups[':id'].$patch({ param: { id }, json: { name: 'x'.repeat(41) } });
  expect(tooLong.status).toBe(422);
  const byMember = await a.agent.api.groups[':id'].$patch({ param: { id }, json: { name: 'Mine' } });
  expect(byMember.status).toBe(403);
  expect((await errorOf(byMember)).error.message).toBe('Only the group owner can do that.');
  const [row] = await t.db.select().from(groups).where(eq(groups.id, id));
  expect(row?.name).toBe('The Crew');

  const old = await codeOf(id);
  expect((await a.agent.api.groups[':id'].link.reset.$post({ param: { id } })).status).toBe(403);
  const reset = await owner.agent.api.groups[':id'].link.reset.$post({ param: { id } });
  expect(reset.status).toBe(200);
  const fresh = await codeOf(id);
  expect(fresh).not.toBe(old);
  expect((await reset.json()).inviteUrl).toBe(`${TEST_ORIGIN}/groups/join/${fresh}`);
  const visitor = await person();
  expect((await visitor.agent.api.groups.join[':code'].$post({ param: { code: old } })).status).toBe(404);

  const removeByMember = await a.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: b.id } });
  expect(removeByMember.status).toBe(403);
  const remove = await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: b.id } });
  expect(remove.status).toBe(200);
  expect(await memberIds(id)).toEqual([owner.id, a.id].sort());
  expect((await b.agent.api.groups[':id'].$get({ param: { id } })).status).toBe(404);
  const gone = await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: b.id } });
  expect(gone.status).toBe(404);
  const self = await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: owner.id } });
  expect(self.status).toBe(409);
});

test('leaving: the owner hands the group to the longest-standing member; the last one deletes it', async () => {
  const { id, owner, members } = await groupOf(1);
  const [first] = members as [Person];
  const late = await person();
  expect((await late.agent.api.groups.join[':code'].$post({ param: { code: await codeOf(id) } })).status).toBe(200);

  expect((await owner.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
  const [afterOwner] = await t.db.select().from(groups).where(eq(groups.id, id));
  expect(afterOwner?.ownerId).toBe(first.id);
  expect((await owner.agent.api.groups[':id'].$get({ param: { id } })).status).toBe(404);

  expect((await first.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
  const [afterFirst] = await t.db.select().from(groups).where(eq(groups.id, id));
  expect(afterFirst?.ownerId).toBe(late.id);
  expect((await late.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
  expect(await t.db.select().from(groups).where(eq(groups.id, id))).toEqual([]);
});

test('a member who owes money from the group’s pots cannot leave until it is confirmed paid', async () => {
  const { id, owner, members } = await groupOf(1);
  const [debtor] = members as [Person];
  const [pot] = await t.db
    .insert(pots)
    .values({
      creatorId: owner.id,
      question: 'Longest drive',
      kind: 'choices',
      stake: 5,
      decider: 'me',
      status: 'decided',
      outcome: 'won',
      decidedAt: new Date(),
      groupId: id,
    })
    .returning();
  if (!pot) throw new Error('pot missing');
  const [payment = null] = await t.db
    .insert(potPayments)
    .values({ potId: pot.id, payerId: debtor.id, payeeId: owner.id, amount: 5, position: 0 })
    .returning();
  if (!payment) throw new Error('payment missing');
  const refused = await debtor.agent.api.groups[':id'].leave.$post({ param: { id } });
  expect(refused.status).toBe(409);
  expect(await errorOf(refused)).toEqual({ error: { code: 'CONFLICT', message: 'Settle up before leaving.' } });
  expect(await memberIds(id)).toContain(debtor.id);
  // Marked sent is not yet paid: the payee has not confirmed it.
  await t.db.update(potPayments).set({ sentAt: new Date() }).where(eq(potPayments.id, payment.id));
  expect((await debtor.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(409);
  // The payee (owed, not owing) may leave.
  expect((await owner.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
  await t.db.update(potPayments).set({ confirmedAt: new Date() }).where(eq(potPayments.id, payment.id));
  expect((await debtor.agent.api.groups[':id'].leave.$post({ param: { id } })).status).toBe(200);
});

test('30 people joining through the link at once near the limit: the group stops at exactly 50', async () => {
  const { id, owner } = await groupOf(1);
  // 40 members: the owner, one friend and 38 written straight in.
  const seeded = await Promise.all(Array.from({ length: 38 }, () => insertUser(t)));
  await t.db.insert(groupMembers).values(seeded.map((u) => ({ groupId: id, userId: u.id })));
  // Signed up one by one: only the joins themselves race.
  const joiners: Person[] = [];
  for (let i = 0; i < 30; i += 1) joiners.push(await person());
  const code = await codeOf(id);
  const results = await Promise.all(
    joiners.map((j) => j.agent.api.groups.join[':code'].$post({ param: { code } })),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 409)).toHaveLength(20);
  const refusal = results.find((r) => r.status === 409);
  if (!refusal) throw new Error('no refusal');
  expect((await errorOf(refusal)).error.message).toBe('This group is full (50 members).');
  expect(await memberIds(id)).toHaveLength(50);
  const page = await owner.agent.api.groups[':id'].$get({ param: { id } });
  expect((await page.json()).members).toHaveLength(50);
}, 120_000);
