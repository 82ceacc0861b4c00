import { useId, useState } from 'react';
import type { UserSummary } from '#domain/profiles.ts';
import { Label } from '#web/components/ui/label.tsx';
import { useGroup, useMyGroups } from '#web/features/groups/api/groups.ts';
import { CreatePotForm } from '#web/features/pots/components/create-pot-form.tsx';
import type { PotData } from '#web/features/pots/api/pots.ts';

type HomePotFormProps = {
  friends: UserSummary[] | undefined;
  viewerId: string | null;
  onCreated: (pot: PotData) => void;
};

const FRIENDS = '';

/**
 * Place Bet's 'Start a Pot': the pot form, inviting friends one by one or one of my groups (issue 26: 'or a
 * group once groups exist'). A group pot invites every member, as from the group's page (ADR 063).
 */
export function HomePotForm({ friends, viewerId, onCreated }: HomePotFormProps) {
  const selectId = useId();
  const [groupId, setGroupId] = useState(FRIENDS);
  const myGroups = useMyGroups();
  const chosen = useGroup(groupId, { enabled: groupId !== FRIENDS });
  const group =
    groupId !== FRIENDS && chosen.data
      ? {
          id: chosen.data.id,
          name: chosen.data.name,
          memberIds: chosen.data.members.map((member) => member.id).filter((id) => id !== viewerId),
        }
      : undefined;
  const groups = myGroups.data ?? [];
  const inviteChoice =
    groups.length === 0 ? null : (
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Invite a group</Label>
        <select
          id={selectId}
          className="h-10 rounded-md border bg-card px-3 text-sm"
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
        >
          <option value={FRIENDS}>No group: I pick friends</option>
          {groups.map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.name} (${item.memberCount} members)`}
            </option>
          ))}
        </select>
        {groupId !== FRIENDS && chosen.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading the group…
          </p>
        ) : null}
        {groupId !== FRIENDS && chosen.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load this group. Pick it again or pick friends.
          </p>
        ) : null}
      </div>
    );
  return <CreatePotForm friends={friends} group={group} inviteChoice={inviteChoice} onCreated={onCreated} />;
}
