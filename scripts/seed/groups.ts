/* Groups (ADR 063) grown from friend clusters, with their members: deterministic for a given seed. */
import { GROUP_MEMBERS_MAX, GROUP_NAME_MAX } from '#domain/group-rules.ts';
import { DAY, iso, type Random } from './random.ts';

const NAMES = [
  'Fantasy Football League',
  'Office Pool',
  'Poker Night',
  'March Madness Crew',
  'Golf Buddies',
  'Book Club',
  'Roommates',
  'College Friends',
  'Pickup Basketball',
  'Trivia Tuesday',
];

export type SeedGroup = {
  row: { id: string; name: string; ownerId: string; inviteCode: string; createdAt: string };
  /** Member indices, the owner first, then in join order. */
  members: number[];
  memberRows: { groupId: string; userId: string; joinedAt: string }[];
  created: number;
};

/**
 * The owner's friends, then their friends (breadth first): a cluster of up to `size` people, as a group grows
 * from its creator's friends and the friends they bring along.
 */
export function cluster(friends: number[][], owner: number, size: number): number[] {
  const members = [owner];
  const seen = new Set(members);
  for (let k = 0; k < members.length && members.length < size; k++) {
    for (const friend of friends[members[k] ?? 0] ?? []) {
      if (members.length >= size) break;
      if (seen.has(friend)) continue;
      seen.add(friend);
      members.push(friend);
    }
  }
  return members;
}

/**
 * `count` groups: three in four full (50 members), the rest 3–49. The demo user owns the first. Owners are
 * users with at least two friends; a group is skipped when its owner's cluster has fewer than three people.
 */
export function createGroups(
  rng: Random,
  ids: string[],
  createdAt: number[],
  friends: number[][],
  count: number,
  now: number,
): SeedGroup[] {
  const made: SeedGroup[] = [];
  for (let g = 0; g < count; g++) {
    const owner = g === 0 ? 0 : rng.int(0, ids.length - 1);
    const size = rng.chance(0.75) ? GROUP_MEMBERS_MAX : rng.int(3, GROUP_MEMBERS_MAX - 1);
    if ((friends[owner]?.length ?? 0) < 2) continue;
    const members = cluster(friends, owner, size);
    if (members.length < 3) continue;
    const id = rng.uuid();
    const newest = Math.max(...members.map((m) => createdAt[m] ?? now));
    const created = newest + (now - newest) * rng.next() * 0.5;
    const name = `${rng.pick(NAMES)} ${g + 1}`.slice(0, GROUP_NAME_MAX);
    // Members join in order, within a week of the group's creation (never after now).
    const joined = members.map((_, k) => (k === 0 ? created : Math.min(now, created + rng.next() * 7 * DAY)));
    made.push({
      row: { id, name, ownerId: ids[owner] ?? '', inviteCode: rng.id(), createdAt: iso(created) },
      members,
      memberRows: members.map((m, k) => ({
        groupId: id,
        userId: ids[m] ?? '',
        joinedAt: iso(joined[k] ?? now),
      })),
      created,
    });
  }
  return made;
}
