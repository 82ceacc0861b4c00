import { RefreshCw } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
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
import { useMyInvite } from '../api/get-my-invite.ts';
import { useResetMyInvite } from '../api/reset-my-invite.ts';
import { LinkShare } from '#web/components/link-share.tsx';

type InviteDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Invite Friends': the viewer's personal link with Copy, Share, a QR code and 'Reset Link'. */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const invite = useMyInvite({ enabled: open });
  const reset = useResetMyInvite({
    onSuccess: () => toast.success('Link reset', { description: 'Your old invite link no longer works.' }),
    onError: (error) =>
      toast.error('Reset failed', { description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Friends</DialogTitle>
          <DialogDescription>
            Anyone who joins or signs in through this link becomes your friend.
          </DialogDescription>
        </DialogHeader>
        {invite.data ? (
          <div className="grid gap-4">
            <LinkShare
              url={invite.data.url}
              shareTitle="Join me on Sidepot"
              shareText="Bet me on Sidepot: friendly bets between friends."
              qrLabel="QR code of your invite link"
            />
            <Button type="button" variant="ghost" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
              Reset Link
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
