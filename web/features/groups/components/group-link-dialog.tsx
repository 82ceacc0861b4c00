import { RefreshCw } from 'lucide-react';
import { LinkShare } from '#web/components/link-share.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetGroupLink } from '../api/groups.ts';

type GroupLinkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: string;
  groupName: string;
  url: string;
  /** Only the owner resets the link. */
  canReset: boolean;
};

/** The group's invite link: Copy, Share, a QR code and (owner) 'Reset Link', as personal invites have. */
export function GroupLinkDialog({ open, onOpenChange, groupId, groupName, url, canReset }: GroupLinkDialogProps) {
  const reset = useResetGroupLink(groupId, {
    onSuccess: () => toast.success('Link reset', { description: 'The old group link no longer works.' }),
    onError: (error) => toast.error('Reset failed', { description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite to Group</DialogTitle>
          <DialogDescription>Anyone signed in who opens this link can join {groupName}.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <LinkShare
            url={url}
            shareTitle={`Join ${groupName} on Sidepot`}
            shareText={`Join ${groupName} on Sidepot.`}
            qrLabel="QR code of the group link"
          />
          {canReset ? (
            <Button type="button" variant="ghost" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
              Reset Link
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
