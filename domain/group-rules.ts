import { USER_ID_PATTERN, type RuleFailure } from './account-rules.ts';
import { hasForbiddenCharacters, isBlank, normalizeText, textMessages } from './text.ts';

/** A group is a standing crew: 2 to 50 members, its creator among them (ADR 063). */
export const GROUP_NAME_MAX = 40;
export const GROUP_MEMBERS_MIN = 2;
export const GROUP_MEMBERS_MAX = 50;

export const groupMessages = {
  missingName: { title: 'Missing Name', message: 'Please give the group a name.' },
  nameTooLong: { title: 'Name Too Long', message: 'Please keep the name to 40 characters.' },
  pickMembers: { title: 'Pick Friends', message: 'Pick at least one friend for the group.' },
  tooManyMembers: { title: 'Too Many Friends', message: 'A group can have at most 50 members.' },
  onlyFriends: 'You can only add your friends to a group.',
  onlyMembers: 'Only members of the group can be invited to its pots.',
  full: 'This group is full (50 members).',
  alreadyMember: 'You are already in this group.',
  invalidLink: 'This group link is no longer valid.',
  settleFirst: 'Settle up before leaving.',
  ownerOnly: 'Only the group owner can do that.',
  notMember: 'This person is not in the group.',
  removeSelf: 'Use Leave Group to leave your own group.',
  notFound: 'Group not found.',
  created: 'Group created',
  joined: 'You joined the group',
  left: 'You left the group',
  renamed: 'Group renamed',
  removed: 'Member removed',
} as const;

/** Where a group's invite link leads, relative to the site. */
export function groupJoinPath(code: string): string {
  return `/groups/join/${code}`;
}

export function membersCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function checkGroupName(name: string): RuleFailure<'name'> | null {
  if (isBlank(name)) return { field: 'name', ...groupMessages.missingName };
  if (hasForbiddenCharacters(name)) return { field: 'name', ...textMessages.invalidCharacters('Name') };
  // Counted in code points, as the database's char_length counts them.
  if (Array.from(normalizeText(name)).length > GROUP_NAME_MAX) return { field: 'name', ...groupMessages.nameTooLong };
  return null;
}

export type CreateGroupFields = { name: string; memberIds: string[] };

/** 'New Group': a name, and 1 to 49 friends (the creator makes the group's 2 to 50). */
export function checkCreateGroup(input: CreateGroupFields): RuleFailure<keyof CreateGroupFields> | null {
  const name = checkGroupName(input.name);
  if (name) return name;
  const members = new Set(input.memberIds);
  if (members.size < GROUP_MEMBERS_MIN - 1 || input.memberIds.some((id) => !USER_ID_PATTERN.test(id)))
    return { field: 'memberIds', ...groupMessages.pickMembers };
  if (members.size > GROUP_MEMBERS_MAX - 1) return { field: 'memberIds', ...groupMessages.tooManyMembers };
  return null;
}

export const leaderboardPeriods = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];
export const leaderboardPeriodLabels: Record<LeaderboardPeriod, string> = { week: 'This Week', all: 'All Time' };
