import { useState, type SyntheticEvent } from 'react';
import { checkCreateGroup, GROUP_NAME_MAX, groupMessages } from '#domain/group-rules.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { FriendsPicker } from '#web/components/friends-picker.tsx';
import { FieldError, TextField } from '#web/components/ui/text-field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateGroup } from '../api/groups.ts';

type NewGroupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The viewer's friends, composed by the route from the friends feature. */
  friends: UserSummary[] | undefined;
  onCreated: (groupId: string) => void;
};

/** 'New Group': a name and members picked from the viewer's friends. */
export function NewGroupDialog({ open, onOpenChange, friends, onCreated }: NewGroupDialogProps) {
  const [name, setName] = useState('');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [error, setError] = useState<{ field: 'name' | 'memberIds'; message: string } | null>(null);
  const create = useCreateGroup({
    onSuccess: ({ id }) => {
      toast.success(groupMessages.created);
      setName('');
      setMemberIds([]);
      onOpenChange(false);
      onCreated(id);
    },
    onError: (failure) => toast.error('Could not create the group', { description: apiErrorMessage(failure, 'Please try again.') }),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failure = checkCreateGroup({ name, memberIds });
    setError(failure ? { field: failure.field, message: failure.message } : null);
    if (!failure) create.mutate({ name, memberIds });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Group"
      description="Name your crew and pick the friends in it. Anyone can join later through the group's link."
      onSubmit={submit}
      submitLabel="Create Group"
      isPending={create.isPending}
      noValidate
    >
      <TextField
        label="Group name"
        value={name}
        maxLength={GROUP_NAME_MAX}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={error?.field === 'name' ? error.message : undefined}
      />
      <FriendsPicker
        friends={friends}
        label="Members"
        countText={(count) => `${count} picked`}
        value={memberIds}
        onChange={setMemberIds}
        errorId={error?.field === 'memberIds' ? 'new-group-members-error' : undefined}
      />
      <FieldError
        id="new-group-members-error"
        message={error?.field === 'memberIds' ? error.message : undefined}
      />
    </FormDialog>
  );
}
