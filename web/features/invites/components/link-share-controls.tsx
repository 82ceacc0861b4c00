import { Copy, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { inviteMessages } from '../../../../domain/invites.ts';
import { Button } from '../../../components/ui/button.tsx';
import { QrCode } from './qr-code.tsx';

type LinkShareControlsProps = { url: string; shareTitle: string; shareText: string };

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The link as text, 'Copy Link', 'Share' where the browser has the Web Share API, and a QR code. */
export function LinkShareControls({ url, shareTitle, shareText }: LinkShareControlsProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(inviteMessages.linkCopied);
    } catch {
      toast.error('Copy failed', { description: 'Please select the link and copy it.' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: shareTitle, text: shareText, url });
    } catch {
      // The user closed the share sheet: nothing to report.
    }
  };
  return (
    <div className="grid gap-4">
      <p
        className="rounded-md border bg-muted px-3 py-2 text-sm break-all select-all"
        data-testid="share-link"
      >
        {url}
      </p>
      <div className="flex gap-2">
        <Button type="button" className="flex-1" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy Link
        </Button>
        {canShare() && (
          <Button type="button" variant="outline" className="flex-1" onClick={() => void share()}>
            <Share2 aria-hidden />
            Share
          </Button>
        )}
      </div>
      <QrCode text={url} label={`QR code of ${url}`} />
    </div>
  );
}
