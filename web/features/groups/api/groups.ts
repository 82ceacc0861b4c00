import { queryOptions, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import type { CreateGroupFields, LeaderboardPeriod } from '#domain/groups.ts';
import type { ChangeKind } from '#domain/realtime.ts';
import { api, unwrap } from '#web/lib/api-client.ts';
import { useChangeMutation } from '#web/lib/change-mutation.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** What the server announces for a group change. */
const groupChanges = ['groups'] as const satisfies readonly ChangeKind[];

export async function getMyGroups() {
  return unwrap(await api.groups.$get());
}

export const getMyGroupsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.groups, 'mine'], queryFn: getMyGroups });

/** Profile's 'Groups' card. */
export function useMyGroups() {
  return useQuery(getMyGroupsQueryOptions());
}

export async function getGroup(groupId: string) {
  return unwrap(await api.groups[':id'].$get({ param: { id: groupId } }));
}
export type GroupData = Awaited<ReturnType<typeof getGroup>>;

/** The group page's header (/groups/:id); 404 when the viewer is not a member. */
export function useGroup(groupId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.group(groupId), queryFn: () => getGroup(groupId), enabled }),
  );
}

export async function getGroupLink(code: string) {
  return unwrap(await api.groups.join[':code'].$get({ param: { code } }));
}

/** /groups/join/<code> for a signed-in visitor. */
export function useGroupLink(code: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.groupLink(code), queryFn: () => getGroupLink(code), enabled }),
  );
}

type Config<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/** A group change: the card and the page refresh before `onSuccess`, and after a refusal too. */
function useGroupMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: Config<TData, TVariables>,
) {
  return useChangeMutation(groupChanges, mutationFn, config, { refreshOnError: true });
}

export function useCreateGroup(config: Config<{ id: string }, CreateGroupFields> = {}) {
  return useGroupMutation(
    async (json: CreateGroupFields) => unwrap(await api.groups.$post({ json })),
    config,
  );
}

export function useJoinGroup(code: string, config: Config<{ id: string }, void> = {}) {
  return useGroupMutation(
    async () => unwrap(await api.groups.join[':code'].$post({ param: { code } })),
    config,
  );
}

export function useRenameGroup(groupId: string, config: Config<{ id: string }, string> = {}) {
  return useGroupMutation(
    async (name: string) =>
      unwrap(await api.groups[':id'].$patch({ param: { id: groupId }, json: { name } })),
    config,
  );
}

export function useResetGroupLink(groupId: string, config: Config<{ inviteUrl: string }, void> = {}) {
  return useGroupMutation(
    async () => unwrap(await api.groups[':id'].link.reset.$post({ param: { id: groupId } })),
    config,
  );
}

export function useRemoveMember(groupId: string, config: Config<{ id: string }, string> = {}) {
  return useGroupMutation(
    async (userId: string) =>
      unwrap(await api.groups[':id'].members[':userId'].$delete({ param: { id: groupId, userId } })),
    config,
  );
}

/**
 * 'Leave Group' settles at the server's answer and refreshes behind it: the page leaves at once, rather than
 * re-reading itself first and showing the leaver its not-found screen.
 */
export function useLeaveGroup(groupId: string, config: Config<{ id: string }, void> = {}) {
  return useChangeMutation(
    groupChanges,
    async () => unwrap(await api.groups[':id'].leave.$post({ param: { id: groupId } })),
    config,
    { refreshOnError: true, showAnswer: () => undefined },
  );
}

/** The 'Pots' tab. */
export function useGroupPots(groupId: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.group(groupId), 'pots'],
      queryFn: async () => unwrap(await api.groups[':id'].pots.$get({ param: { id: groupId } })),
      enabled,
    }),
  );
}

/** The 'Leaderboard' tab, 'This Week' or 'All Time'. */
export function useGroupLeaderboard(
  groupId: string,
  period: LeaderboardPeriod,
  { enabled }: { enabled: boolean },
) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.group(groupId), 'leaderboard', period],
      queryFn: async () =>
        unwrap(await api.groups[':id'].leaderboard.$get({ param: { id: groupId }, query: { period } })),
      enabled,
    }),
  );
}

/** The 'Balances' tab. */
export function useGroupBalances(groupId: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.group(groupId), 'balances'],
      queryFn: async () => unwrap(await api.groups[':id'].balances.$get({ param: { id: groupId } })),
      enabled,
    }),
  );
}

/** What a simplified payment changes: the group's tabs, both parties' balances, the covered pots' pages. */
const simplifiedChanges = ['groups', 'bets', 'pots'] as const satisfies readonly ChangeKind[];

export type MarkSimplifiedFields = { payeeId: string; amount: number; version: string };

/** 'Mark Paid' on a simplified payment, with the version the tab showed (ADR 064). */
export function useMarkSimplifiedPayment(
  groupId: string,
  config: Config<{ id: string }, MarkSimplifiedFields> = {},
) {
  return useChangeMutation(
    simplifiedChanges,
    async (json: MarkSimplifiedFields) =>
      unwrap(await api.groups[':id'].simplified.mark.$post({ param: { id: groupId }, json })),
    config,
    { refreshOnError: true },
  );
}

/** 'Confirm Payment Received': the payee confirms the simplified payment's settlement. */
export function useConfirmSimplifiedPayment(config: Config<unknown, string> = {}) {
  return useChangeMutation(
    simplifiedChanges,
    async (settlementId: string) =>
      unwrap(await api.settlements[':id'].confirm.$post({ param: { id: settlementId } })),
    config,
    { refreshOnError: true },
  );
}
