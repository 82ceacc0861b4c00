import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  GROUP_MEMBERS_MAX,
  groupJoinPath,
  groupLeaderSchema,
  groupMemberSchema,
  groupMessages,
  groupPotSchema,
  type CreateGroupInput,
  type GroupLeader,
  type GroupPot,
  type LeaderboardPeriod,
  type GroupJoinPage,
  type GroupSummary,
  type GroupView,
} from '#domain/groups.ts';
import { INVITE_CODE_BYTES } from '#domain/invites.ts';
import { LEADERBOARD_WINDOW_DAYS } from '#domain/leaderboard.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import type { Db } from '#server/db/client.ts';
import { displayUsernameOf, queryOne, queryRows } from '#server/db/query.ts';
import { groupMembers, groups } from '#server/db/schema/groups.ts';
import { AppError } from '#server/lib/errors.ts';
import { writeNotifications } from '#server/lib/notify.ts';

/** What a group change causes after commit: realtime hints to the people whose screens show it. */
export type GroupEffects = {
  publish(userIds: string[], event: ChangeEvent): Promise<void>;
};

type GroupRow = typeof groups.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', groupMessages.notFound);
const deadLink = () => new AppError('NOT_FOUND', groupMessages.invalidLink);
const ownerOnly = () => new AppError('FORBIDDEN', groupMessages.ownerOnly);

/** The Pots tab shows the latest pots; older ones stay reachable from their entrants' inboxes. */
const GROUP_POTS_SHOWN = 50;

const newCode = () => randomBytes(INVITE_CODE_BYTES).toString('base64url');
const count = z.object({ n: z.coerce.number() });

/**
 * The one home of "who sees a group": its members. `groupId` is the SQL of the group's id in the
 * surrounding query (a crew_group row's `g.id`, a pot's `p.group_id`).
 */
export function isGroupMember(viewerId: string, groupId: SQL = sql.raw('g.id')): SQL {
  return sql`exists (select 1 from group_member gm where gm.group_id = ${groupId} and gm.user_id = ${viewerId})`;
}

/**
 * For a group pot (ADR 063): the caller and every invitee are members, checked on the group row held FOR
 * SHARE until commit, so a removal (which holds it FOR UPDATE) cannot slip in before the pot is written.
 * Not a member, or no such group: 404, alike. Returns the group's name and every member, for the pot's
 * 'Groups' lines (ADR 065).
 */
export async function assertGroupMembers(
  tx: Db,
  userId: string,
  groupId: string,
  otherIds: string[],
): Promise<{ id: string; name: string; memberIds: string[] }> {
  const [group] = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId)).for('share');
  if (!group) throw notFound();
  const ids = [userId, ...new Set(otherIds)];
  const found = await queryOne(
    tx,
    sql`select count(*)::int as n from group_member where group_id = ${groupId} and user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    count,
  );
  if (found?.n === ids.length) return { ...group, memberIds: await memberIdsOf(tx, groupId) };
  const [self] = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!self) throw notFound();
  throw new AppError('FORBIDDEN', groupMessages.onlyMembers);
}

/** Everyone in a group (realtime hints for a group pot's page and tabs). */
export async function groupMemberIds(db: Db, groupId: string): Promise<string[]> {
  return memberIdsOf(db, groupId);
}

async function memberIdsOf(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((row) => row.id);
}

/** Profile's 'Groups' card: my groups, newest membership first, with their members count. */
export async function listMyGroups(db: Db, userId: string): Promise<GroupSummary[]> {
  const rows = await queryRows(
    db,
    sql`select g.id, g.name, (select count(*) from group_member c where c.group_id = g.id)::int as member_count
      from group_member m join crew_group g on g.id = m.group_id
      where m.user_id = ${userId}
      order by m.joined_at desc, g.id`,
    z.object({ id: z.string(), name: z.string(), member_count: z.coerce.number() }),
  );
  return rows.map((row) => ({ id: row.id, name: row.name, memberCount: row.member_count }));
}

const groupPageRow = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  invite_code: z.string(),
  members: z.array(groupMemberSchema),
});

/** The group page's header in one statement; anyone but a member gets the same 404 as an unknown id. */
export async function getGroup(db: Db, viewerId: string, groupId: string, publicUrl: string): Promise<GroupView> {
  const row = await queryOne(
    db,
    sql`select g.id, g.name, g.owner_id, g.invite_code,
        (select json_agg(json_build_object('id', u.id, 'name', u.name, 'username', ${sql.raw(displayUsernameOf('u'))},
            'image', u.image, 'joinedAt', to_char(m.joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            order by m.joined_at, m.user_id)
          from group_member m join "user" u on u.id = m.user_id where m.group_id = g.id) as members
      from crew_group g
      where g.id = ${groupId} and ${isGroupMember(viewerId)}`,
    groupPageRow,
  );
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    inviteUrl: `${publicUrl}${groupJoinPath(row.invite_code)}`,
    members: row.members,
  };
}

/** 'New Group': the creator (owner) and the friends they picked, all friends of theirs at commit. */
export async function createGroup(
  db: Db,
  effects: GroupEffects,
  userId: string,
  input: CreateGroupInput,
): Promise<{ id: string }> {
  if (input.memberIds.includes(userId)) throw new AppError('FORBIDDEN', groupMessages.onlyFriends);
  const created = await db.transaction(async (tx) => {
    // The friendship rows read FOR SHARE until commit, so an unfriending cannot slip in before the insert.
    const friends = await queryOne(
      tx,
      sql`select count(*)::int as n from (select 1 from friendship where user_id = ${userId} and friend_id in (${sql.join(
        input.memberIds.map((id) => sql`${id}`),
        sql`, `,
      )}) for share) f`,
      count,
    );
    // Not-a-friend and no-such-user answer alike, so ids cannot be probed.
    if (friends?.n !== input.memberIds.length) throw new AppError('FORBIDDEN', groupMessages.onlyFriends);
    const [group] = await tx
      .insert(groups)
      .values({ name: input.name, ownerId: userId, inviteCode: newCode() })
      .returning({ id: groups.id });
    if (!group) throw new AppError('INTERNAL');
    // The owner first: the longest-standing member is the one who made the group.
    await tx.insert(groupMembers).values({ groupId: group.id, userId });
    await tx
      .insert(groupMembers)
      .values(input.memberIds.map((id) => ({ groupId: group.id, userId: id, joinedAt: sql`now() + interval '1 millisecond'` })));
    // Everyone the owner put in hears of it (ADR 065); joining by link is one's own doing and tells nobody.
    const notified = await writeNotifications(
      tx,
      groupLines('group_added', userId, { id: group.id, name: input.name }, input.memberIds),
    );
    return { id: group.id, notified };
  });
  await effects.publish([userId, ...input.memberIds], { kind: 'groups' });
  await effects.publish(created.notified, { kind: 'notifications' });
  return { id: created.id };
}

/** One 'Groups' inbox line per recipient: the group's id (its page) and its name as it is now. */
function groupLines(
  type: 'group_added' | 'group_removed',
  actorId: string,
  group: { id: string; name: string },
  userIds: string[],
) {
  return userIds.map((id) => ({
    userId: id,
    type,
    actorId,
    betId: null,
    data: { groupId: group.id, groupName: group.name },
  }));
}

/** The group row locked for this transaction (every membership change holds it), or 404 for a non-member. */
export async function lockGroupOfMember(tx: Db, userId: string, groupId: string): Promise<GroupRow> {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  if (!group) throw notFound();
  const [member] = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!member) throw notFound();
  return group;
}

/** What /groups/join/<code> shows a signed-in visitor. Reading never changes anything. */
export async function readGroupLink(db: Db, userId: string, code: string): Promise<GroupJoinPage> {
  const row = await queryOne(
    db,
    sql`select g.id, g.name, (select count(*) from group_member c where c.group_id = g.id)::int as member_count,
        ${isGroupMember(userId)} as is_member
      from crew_group g where g.invite_code = ${code}`,
    z.object({ id: z.string(), name: z.string(), member_count: z.coerce.number(), is_member: z.boolean() }),
  );
  if (!row) throw deadLink();
  return { id: row.id, name: row.name, memberCount: row.member_count, isMember: row.is_member };
}

/**
 * 'Join Group'. The group row is locked FOR UPDATE by its own statement first, so concurrent joins (and
 * leaves) queue on it; the count that follows runs on a snapshot taken after the lock, so it sees every
 * member committed before — never more than 50 members (ADR 063).
 */
export async function joinGroup(
  db: Db,
  effects: GroupEffects,
  userId: string,
  code: string,
): Promise<{ id: string }> {
  const joined = await db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.inviteCode, code)).for('update');
    if (!group) throw deadLink();
    const inserted = await queryRows(
      tx,
      sql`insert into group_member (group_id, user_id)
        select ${group.id}, ${userId}
        where (select count(*) from group_member c where c.group_id = ${group.id}) < ${GROUP_MEMBERS_MAX}
        on conflict (group_id, user_id) do nothing
        returning user_id`,
      z.object({ user_id: z.string() }),
    );
    if (inserted.length > 0) return group;
    const [member] = await tx
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
    throw new AppError('CONFLICT', member ? groupMessages.alreadyMember : groupMessages.full);
  });
  await effects.publish(await memberIdsOf(db, joined.id), { kind: 'groups' });
  return { id: joined.id };
}

export async function renameGroup(
  db: Db,
  effects: GroupEffects,
  userId: string,
  groupId: string,
  name: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroupOfMember(tx, userId, groupId);
    if (group.ownerId !== userId) throw ownerOnly();
    await tx.update(groups).set({ name }).where(eq(groups.id, groupId));
  });
  await effects.publish(await memberIdsOf(db, groupId), { kind: 'groups' });
}

/** 'Reset Link': a new code; the old link stops working at once. */
export async function resetGroupLink(
  db: Db,
  userId: string,
  groupId: string,
  publicUrl: string,
): Promise<{ inviteUrl: string }> {
  const code = newCode();
  await db.transaction(async (tx) => {
    const group = await lockGroupOfMember(tx, userId, groupId);
    if (group.ownerId !== userId) throw ownerOnly();
    await tx.update(groups).set({ inviteCode: code }).where(eq(groups.id, groupId));
  });
  return { inviteUrl: `${publicUrl}${groupJoinPath(code)}` };
}

export async function removeMember(
  db: Db,
  effects: GroupEffects,
  userId: string,
  groupId: string,
  memberId: string,
): Promise<void> {
  const remaining = await db.transaction(async (tx) => {
    const group = await lockGroupOfMember(tx, userId, groupId);
    if (group.ownerId !== userId) throw ownerOnly();
    if (memberId === userId) throw new AppError('CONFLICT', groupMessages.removeSelf);
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, memberId)))
      .returning({ id: groupMembers.userId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', groupMessages.notMember);
    const notified = await writeNotifications(tx, groupLines('group_removed', userId, group, [memberId]));
    return { members: await memberIdsOf(tx, groupId), notified };
  });
  await effects.publish([...remaining.members, memberId], { kind: 'groups' });
  await effects.publish(remaining.notified, { kind: 'notifications' });
}

/** Unpaid payments the user owes from the group's decided pots (not yet confirmed by the payee). */
function owesInGroup(userId: string, groupId: string) {
  return sql`select exists (select 1 from pot_payment pp join pot p on p.id = pp.pot_id
      where p.group_id = ${groupId} and pp.payer_id = ${userId} and pp.confirmed_at is null) as owes`;
}

/**
 * 'Leave Group', on the locked group row: refused while the member owes money from the group's pots; the
 * owner hands the group to the longest-standing member; the last member leaving deletes it.
 */
export async function leaveGroup(db: Db, effects: GroupEffects, userId: string, groupId: string): Promise<void> {
  const remaining = await db.transaction(async (tx) => {
    const group = await lockGroupOfMember(tx, userId, groupId);
    const debt = await queryOne(tx, owesInGroup(userId, groupId), z.object({ owes: z.boolean() }));
    if (debt?.owes) throw new AppError('CONFLICT', groupMessages.settleFirst);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    const [heir] = await tx
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(groupMembers.joinedAt, groupMembers.userId)
      .limit(1);
    if (!heir) {
      await tx.delete(groups).where(eq(groups.id, groupId));
      return [];
    }
    if (group.ownerId === userId) await tx.update(groups).set({ ownerId: heir.id }).where(eq(groups.id, groupId));
    return memberIdsOf(tx, groupId);
  });
  await effects.publish([...remaining, userId], { kind: 'groups' });
}

/**
 * One tab in one statement: its rows, and whether the viewer is a member (a non-member, or an unknown
 * group, gets the same 404). `items` is a json array built by the tab's own query.
 */
async function memberTab<T extends z.ZodType>(db: Db, viewerId: string, groupId: string, items: SQL, item: T) {
  const row = await queryOne(
    db,
    sql`select ${isGroupMember(viewerId, sql`${groupId}::uuid`)} as is_member, coalesce((${items}), '[]'::json) as items`,
    z.object({ is_member: z.boolean(), items: z.array(item) }),
  );
  if (!row?.is_member) throw notFound();
  return row.items;
}

const personJson = (alias: string) => sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'image', ${alias}.image)`);

/** The 'Pots' tab: the group's pots, newest first. */
export async function listGroupPots(db: Db, viewerId: string, groupId: string): Promise<GroupPot[]> {
  return memberTab(
    db,
    viewerId,
    groupId,
    sql`select json_agg(json_build_object('id', p.id, 'question', p.question, 'status', p.status, 'stake', p.stake,
        'entrantCount', (select count(*) from pot_entry e where e.pot_id = p.id),
        'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        order by p.created_at desc, p.id)
      from (select * from pot where group_id = ${groupId} order by created_at desc limit ${GROUP_POTS_SHOWN}) p`,
    groupPotSchema,
  );
}

/**
 * The 'Leaderboard' tab: every member ranked by pot wins (a winning entry of a decided pot, in the window
 * by its decision time); ties share a rank (`rank()`), then by name.
 */
export async function groupLeaderboard(
  db: Db,
  viewerId: string,
  groupId: string,
  period: LeaderboardPeriod,
): Promise<GroupLeader[]> {
  const since = period === 'week' ? sql`now() - interval '${sql.raw(String(LEADERBOARD_WINDOW_DAYS))} days'` : sql`'-infinity'::timestamptz`;
  return memberTab(
    db,
    viewerId,
    groupId,
    sql`select json_agg(json_build_object('user', ${personJson('u')}, 'wins', w.wins, 'rank', w.rank) order by w.rank, u.name, u.id)
      from (
        select m.user_id, count(p.id)::int as wins, rank() over (order by count(p.id) desc)::int as rank
        from group_member m
        left join pot_entry e on e.user_id = m.user_id and e.payout > 0
        left join pot p on p.id = e.pot_id and p.group_id = m.group_id and p.status = 'decided' and p.outcome = 'won'
          and e.payout > p.stake and p.decided_at >= ${since}
        where m.group_id = ${groupId}
        group by m.user_id
      ) w join "user" u on u.id = w.user_id`,
    groupLeaderSchema,
  );
}
