import { LogOut, Pencil, Share2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { membersCountText } from '#domain/group-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useLeaveGroup, useRemoveMember, type GroupData } from '../api/groups.ts';
import { GroupLinkDialog } from './group-link-dialog.tsx';
import { RenameGroupDialog } from './rename-group-dialog.tsx';

type GroupHeaderProps = {
  group: GroupData;
  viewerId: string;
  onLeft: () => void;
};

/** The group page's header: name, members (owner first-joined order), the link, and what the viewer may do. */
export function GroupHeader({ group, viewerId, onLeft }: GroupHeaderProps) {
  const isOwner = group.ownerId === viewerId;
  const [dialog, setDialog] = useState<'link' | 'rename' | 'leave' | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const showError = (error: Error) => toast.error(apiErrorMessage(error, 'Please try again.'));
  const leave = useLeaveGroup(group.id, {
    onSuccess: () => {
      setDialog(null);
      toast.success('You left the group');
      onLeft();
    },
    onError: (error) => {
      setDialog(null);
      showError(error);
    },
  });
  const remove = useRemoveMember(group.id, {
    onSuccess: () => {
      setRemoving(null);
      toast.success('Member removed');
    },
    onError: (error) => {
      setRemoving(null);
      showError(error);
    },
  });
  return (
    <section aria-labelledby="group-name" className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h1 id="group-name" className="text-xl font-bold break-words">
            {group.name}
          </h1>
          <p className="text-sm text-muted-foreground">{membersCountText(group.members.length)}</p>
        </div>
        {isOwner ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setDialog('rename')}>
            <Pencil aria-hidden />
            Rename
          </Button>
        ) : null}
      </div>
      <ul aria-label="Members" className="grid gap-1">
        {group.members.map((member) => (
          <li key={member.id} className="flex items-center gap-2 text-sm">
            <UserAvatar name={member.name} image={member.image} className="size-7" />
            <span className="min-w-0 flex-1 break-words">
              {member.name}
              {member.id === group.ownerId ? <span className="text-muted-foreground"> · Owner</span> : null}
            </span>
            {isOwner && member.id !== viewerId ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Remove ${member.name}`}
                onClick={() => setRemoving({ id: member.id, name: member.name })}
              >
                <UserMinus aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button type="button" variant="outline" grow onClick={() => setDialog('link')}>
          <Share2 aria-hidden />
          Invite Link
        </Button>
        <Button type="button" variant="outline" grow onClick={() => setDialog('leave')}>
          <LogOut aria-hidden />
          Leave Group
        </Button>
      </div>
      <GroupLinkDialog
        open={dialog === 'link'}
        onOpenChange={(open) => setDialog(open ? 'link' : null)}
        groupId={group.id}
        groupName={group.name}
        url={group.inviteUrl}
        canReset={isOwner}
      />
      {isOwner ? (
        <RenameGroupDialog
          open={dialog === 'rename'}
          onOpenChange={(open) => setDialog(open ? 'rename' : null)}
          groupId={group.id}
          name={group.name}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'leave'}
        onOpenChange={(open) => setDialog(open ? 'leave' : null)}
        title="Leave Group?"
        description={
          isOwner && group.members.length > 1
            ? `You will no longer see ${group.name}. The member who joined longest ago becomes its owner.`
            : `You will no longer see ${group.name}.`
        }
        confirmLabel="Leave Group"
        isBusy={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove Member?"
        description={removing ? `${removing.name} will no longer be in ${group.name}.` : ''}
        confirmLabel="Remove"
        isBusy={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
        }}
      />
    </section>
  );
}
