import { useState, type SyntheticEvent } from 'react';
import { checkGroupName, GROUP_NAME_MAX } from '#domain/group-rules.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useRenameGroup } from '../api/groups.ts';

type RenameGroupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: string;
  name: string;
};

/** The owner's 'Rename'. */
export function RenameGroupDialog({ open, onOpenChange, groupId, name: current }: RenameGroupDialogProps) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>(undefined);
  const rename = useRenameGroup(groupId, {
    onSuccess: () => {
      toast.success('Group renamed');
      onOpenChange(false);
    },
    onError: (failure) => toast.error(apiErrorMessage(failure, 'Please try again.')),
  });
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failure = checkGroupName(name);
    setError(failure?.message);
    if (!failure) rename.mutate(name);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename Group"
      description="Every member sees the new name."
      onSubmit={submit}
      submitLabel="Save"
      isPending={rename.isPending}
      noValidate
    >
      <TextField
        label="Group name"
        value={name}
        maxLength={GROUP_NAME_MAX}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
    </FormDialog>
  );
}
