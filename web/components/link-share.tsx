import { Copy, Share2 } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from '../lib/toast.ts';
import { renderSVG } from 'uqr';
import { Button } from './ui/button.tsx';

type LinkShareProps = {
  url: string;
  /** What the Web Share sheet says about the link. */
  shareTitle?: string;
  shareText: string;
  /** The QR image's accessible name. */
  qrLabel?: string;
};

/**
 * A link to pass on: the link as text, 'Copy Link', 'Share' (the Web Share
 * API, hidden where the browser has none) and a QR code of it. Shared by
 * challenge links and the invite dialog.
 */
export function LinkShare({
  url,
  shareTitle = 'Sidepot',
  shareText,
  qrLabel = 'QR code of the link',
}: LinkShareProps) {
  // An <img> of the SVG: no markup of ours injected into the page, and the CSP allows data: images.
  const qrSource = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`,
    [url],
  );
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Error', { description: 'Could not copy the link. Please copy it by hand.' });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: shareTitle, text: shareText, url });
    } catch {
      // Closing the share sheet rejects too; nothing to say.
    }
  };

  return (
    <div className="grid gap-3">
      <p
        className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
        data-testid="share-link"
      >
        {url}
      </p>
      <div className="flex gap-2">
        <Button type="button" grow onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy Link
        </Button>
        {canShare ? (
          <Button type="button" variant="outline" grow onClick={() => void share()}>
            <Share2 aria-hidden />
            Share
          </Button>
        ) : null}
      </div>
      <img
        src={qrSource}
        alt={qrLabel}
        width={192}
        height={192}
        className="mx-auto size-48 rounded-md bg-white p-1"
      />
    </div>
  );
}
