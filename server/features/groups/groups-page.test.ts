import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { groupMembers, groups } from '#server/db/schema/groups.ts';
import { potEntries, potPayments, pots } from '#server/db/schema/pots.ts';
import { type Agent, createAgent, errorOf } from '#server/testing/agent.ts';
import { insertUser, makeFriends, signedInUser } from '#server/testing/factories.ts';
import { closeTestApp, createTestApp, type TestApp } from '#server/testing/test-app.ts';

/* The group page's tabs and group pots: members see and join them, nobody else does. */

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

/** A group of an owner and three members; the members are the owner's friends but not each other's. */
async function crew() {
  const owner = await person();
  const members: Person[] = [];
  for (let i = 0; i < 3; i += 1) {
    const member = await person();
    await makeFriends(t, owner.id, member.id);
    members.push(member);
  }
  const res = await owner.agent.api.groups.$post({ json: { name: 'Crew', memberIds: members.map((m) => m.id) } });
  const { id } = await res.json();
  const [row] = await t.db.select({ code: groups.inviteCode }).from(groups).where(eq(groups.id, id));
  return { id, code: row?.code ?? '', owner, members: members as [Person, Person, Person] };
}

const potInput = (inviteeIds: string[], groupId: string | null) => ({
  question: 'Who wins the club championship?',
  kind: 'choices' as const,
  options: ['Sam', 'Alex'],
  line: null,
  stake: 5,
  closesAt: null,
  resolveBy: null,
  decider: 'me' as const,
  refereeId: null,
  inviteeIds,
  entry: { optionIndex: 0 },
  groupId,
});

test('a member starts a group pot inviting every member, friends or not; a later member sees and joins it', async () => {
  const { id, code, owner, members } = await crew();
  const [a, b, c] = members;
  // a is not friends with b or c, yet invites them through the group.
  const res = await a.agent.api.pots.$post({ json: potInput([owner.id, b.id, c.id], id) });
  expect(res.status).toBe(201);
  const pot = await res.json();

  const late = await person();
  expect((await late.agent.api.pots[':id'].$get({ param: { id: pot.id } })).status).toBe(404);
  expect((await late.agent.api.groups.join[':code'].$post({ param: { code } })).status).toBe(200);
  const seen = await late.agent.api.pots[':id'].$get({ param: { id: pot.id } });
  expect(seen.status).toBe(200);
  const optionId = pot.options[1]?.id ?? '';
  const join = await late.agent.api.pots[':id'].entry.$post({ param: { id: pot.id }, json: { optionId } });
  expect(join.status).toBe(200);

  const tab = await late.agent.api.groups[':id'].pots.$get({ param: { id } });
  expect(tab.status).toBe(200);
  expect(await tab.json()).toEqual([
    expect.objectContaining({ id: pot.id, question: 'Who wins the club championship?', status: 'open', entrantCount: 2 }),
  ]);

  // Removed from the group, an uninvited member who never entered no longer sees it.
  const later = await person();
  expect((await later.agent.api.groups.join[':code'].$post({ param: { code } })).status).toBe(200);
  expect((await owner.agent.api.groups[':id'].members[':userId'].$delete({ param: { id, userId: later.id } })).status).toBe(200);
  expect((await later.agent.api.pots[':id'].$get({ param: { id: pot.id } })).status).toBe(404);
});

test('a group pot refuses invitees outside the group, and a caller outside it gets 404', async () => {
  const { id, owner, members } = await crew();
  const outsider = await insertUser(t);
  await makeFriends(t, owner.id, outsider.id);
  const res = await owner.agent.api.pots.$post({ json: potInput([members[0].id, outsider.id], id) });
  expect(res.status).toBe(403);
  expect((await errorOf(res)).error.message).toBe('Only members of the group can be invited to its pots.');
  const stranger = await person();
  await makeFriends(t, stranger.id, owner.id);
  await makeFriends(t, stranger.id, members[0].id);
  const notMember = await stranger.agent.api.pots.$post({ json: potInput([owner.id, members[0].id], id) });
  expect(notMember.status).toBe(404);
  const bad = await owner.agent.api.pots.$post({ json: { ...potInput([members[0].id, members[1].id], null), groupId: 'x' } });
  expect(bad.status).toBe(422);
});

test('the tabs answer members only: anyone else and an unknown group get 404, signed out 401', async () => {
  const { id } = await crew();
  const outsider = await person();
  for (const res of [
    await outsider.agent.api.groups[':id'].pots.$get({ param: { id } }),
    await outsider.agent.api.groups[':id'].leaderboard.$get({ param: { id }, query: { period: 'all' } }),
    await outsider.agent.api.groups[':id'].balances.$get({ param: { id } }),
    await outsider.agent.api.groups[':id'].balances.$get({ param: { id: crypto.randomUUID() } }),
  ]) {
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'Group not found.' } });
  }
  expect((await createAgent(t).api.groups[':id'].pots.$get({ param: { id } })).status).toBe(401);
  const badPeriod = await outsider.agent.request(`/api/groups/${id}/leaderboard?period=month`);
  expect(badPeriod.status).toBe(422);
});

/** A decided group pot: `winners` got back `payout` each, the others nothing; decided `daysAgo`. */
async function decidedPot(groupId: string, creatorId: string, entrants: string[], winners: string[], daysAgo = 0) {
  const [pot] = await t.db
    .insert(pots)
    .values({
      creatorId,
      question: 'Closest to the pin',
      kind: 'choices',
      stake: 5,
      decider: 'me',
      status: 'decided',
      outcome: 'won',
      decidedAt: new Date(Date.now() - daysAgo * 86_400_000),
      groupId,
    })
    .returning();
  if (!pot) throw new Error('pot missing');
  const payout = Math.floor((entrants.length * 5) / winners.length);
  await t.db
    .insert(potEntries)
    .values(entrants.map((userId) => ({ potId: pot.id, userId, guess: 1, payout: winners.includes(userId) ? payout : 0 })));
  return pot;
}

test('Leaderboard: members ranked by pot wins, ties share a rank, This Week counts the last 7 days', async () => {
  const { id, owner, members } = await crew();
  const [a, b, c] = members;
  const everyone = [owner.id, a.id, b.id, c.id];
  await decidedPot(id, owner.id, everyone, [a.id]);
  await decidedPot(id, owner.id, everyone, [b.id]);
  await decidedPot(id, owner.id, everyone, [a.id], 30);
  const all = await owner.agent.api.groups[':id'].leaderboard.$get({ param: { id }, query: { period: 'all' } });
  const allRows = (await all.json()).map((row) => [row.user.id, row.wins, row.rank]);
  expect(allRows.slice(0, 2)).toEqual([
    [a.id, 2, 1],
    [b.id, 1, 2],
  ]);
  expect(allRows.slice(2).map((row) => row.slice(1))).toEqual([
    [0, 3],
    [0, 3],
  ]);
  const week = await owner.agent.api.groups[':id'].leaderboard.$get({ param: { id }, query: { period: 'week' } });
  const weekRows = await week.json();
  expect(weekRows.filter((row) => row.rank === 1).map((row) => row.user.id).sort()).toEqual([a.id, b.id].sort());
  expect(weekRows.every((row) => (row.rank === 1) === (row.wins === 1))).toBe(true);
});

test('Balances: who owes whom from the decided pots’ unpaid payments, each pair netted', async () => {
  const { id, owner, members } = await crew();
  const [a, b] = members;
  const one = await decidedPot(id, owner.id, [owner.id, a.id, b.id], [owner.id]);
  const two = await decidedPot(id, owner.id, [owner.id, a.id, b.id], [a.id]);
  await t.db.insert(potPayments).values([
    { potId: one.id, payerId: a.id, payeeId: owner.id, amount: 5, position: 0 },
    { potId: one.id, payerId: b.id, payeeId: owner.id, amount: 5, position: 1, sentAt: new Date(), confirmedAt: new Date() },
    { potId: two.id, payerId: owner.id, payeeId: a.id, amount: 2, position: 0 },
    { potId: two.id, payerId: b.id, payeeId: a.id, amount: 5, position: 1 },
  ]);
  // An undecided or other group's pot does not count.
  const other = await insertUser(t);
  await t.db.insert(groupMembers).values({ groupId: id, userId: other.id });
  const res = await a.agent.api.groups[':id'].balances.$get({ param: { id } });
  expect(res.status).toBe(200);
  expect((await res.json()).debts.map((d) => [d.from.id, d.to.id, d.amount])).toEqual([
    [b.id, a.id, 5],
    [a.id, owner.id, 3],
  ]);
});
