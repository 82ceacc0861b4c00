import { describe, expect, it } from 'vitest';
import { GROUP_MEMBERS_MAX } from '#domain/group-rules.ts';
import { cluster, createGroups } from './groups.ts';
import { createPot } from './pots.ts';
import { Random } from './random.ts';

/** A ring of 200 people, each a friend of the next two on either side: every cluster is a stretch of it. */
const N = 200;
const friends = Array.from({ length: N }, (_, i) => [1, 2, N - 1, N - 2].map((d) => (i + d) % N));
const ids = Array.from({ length: N }, (_, i) => `user-${i}`);
const createdAt = Array.from({ length: N }, () => 0);
const NOW = 1_800_000_000_000;

describe('seed groups', () => {
  it('grows a cluster from the owner through friends of friends, without repeats, up to its size', () => {
    const members = cluster(friends, 0, 9);
    expect(members[0]).toBe(0);
    expect(members).toHaveLength(9);
    expect(new Set(members).size).toBe(9);
    expect(members.slice(1, 5).sort((a, b) => a - b)).toEqual([1, 2, 198, 199]);
  });

  it('is deterministic for a seed, the demo user owns the first group, and most groups are full', () => {
    const make = () => createGroups(new Random(7), ids, createdAt, friends, 40, NOW);
    const groups = make();
    expect(groups).toEqual(make());
    expect(groups[0]?.members[0]).toBe(0);
    const full = groups.filter((group) => group.members.length === GROUP_MEMBERS_MAX);
    expect(full.length).toBeGreaterThan(20);
    for (const group of groups) {
      expect(group.members.length).toBeGreaterThanOrEqual(3);
      expect(group.members.length).toBeLessThanOrEqual(GROUP_MEMBERS_MAX);
      expect(group.memberRows.map((row) => row.userId)).toEqual(group.members.map((m) => ids[m]));
      expect(group.row.ownerId).toBe(ids[group.members[0] ?? -1]);
      for (const row of group.memberRows) expect(Date.parse(row.joinedAt)).toBeLessThanOrEqual(NOW);
    }
    expect(new Set(groups.map((group) => group.row.inviteCode)).size).toBe(groups.length);
  });

  it("writes a group pot among the group's members, with no invitations", () => {
    const [group] = createGroups(new Random(7), ids, createdAt, friends, 1, NOW);
    if (!group) throw new Error('no group');
    const [creator = 0, ...others] = group.members;
    const memberIds = new Set(group.members.map((m) => ids[m]));
    const rng = new Random(3);
    for (let i = 0; i < 30; i++) {
      const pot = createPot(rng, ids, friends, creator, NOW, i % 2 === 0 ? 'decided' : null, {
        id: group.row.id,
        others,
      });
      if (!pot) throw new Error('no pot');
      expect(pot.pot.groupId).toBe(group.row.id);
      expect(pot.invites).toEqual([]);
      for (const entry of pot.entries) expect(memberIds.has(entry.userId)).toBe(true);
      for (const payment of pot.payments)
        expect(memberIds.has(payment.payerId) && memberIds.has(payment.payeeId)).toBe(true);
    }
  });
});
