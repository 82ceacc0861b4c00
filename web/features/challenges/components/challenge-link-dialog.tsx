import type { MyChallenge } from '#domain/challenges.ts';
import { LinkShare } from '#web/components/link-share.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { formatDollars } from '#domain/money.ts';

type ChallengeLinkDialogProps = { challenge: MyChallenge | null; onClose: () => void };

/** The link of a challenge just made (or listed on the profile), to pass on. */
export function ChallengeLinkDialog({ challenge, onClose }: ChallengeLinkDialogProps) {
  return (
    <Dialog open={challenge !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Challenge Link</DialogTitle>
          <DialogDescription>
            {challenge
              ? `Anyone with this link can take your ${formatDollars(challenge.amount)} bet: ${challenge.description}`
              : null}
          </DialogDescription>
        </DialogHeader>
        {challenge ? (
          <LinkShare
            url={challenge.url}
            shareText={`I challenge you on Sidepot: ${challenge.description}`}
            qrLabel="QR code of the challenge link"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
