import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { MyChallenge } from '#domain/challenges.ts';
import { LazyConfirmDialog } from '#web/components/ui/lazy-confirm-dialog.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCancelChallenge } from '../api/cancel-challenge.ts';
import { useMyChallenges } from '../api/get-my-challenges.ts';
import { formatDollars } from '#domain/money.ts';
import { toastBetError } from '#web/lib/bet-toasts.ts';
import { useRenderTimeZone } from '#web/lib/render-clock.ts';
import { LazyChallengeLinkDialog } from './lazy-challenge-link-dialog.ts';

// Made on first use, not on the profile's first load: a page's first Intl object costs tens of ms (domain/money.ts).
// In the zone the server rendered the page in while it hydrates (ADR 067), else the device's.
const expiryFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function formatExpiry(iso: string, timeZone: string | undefined) {
  let format = expiryFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone });
    expiryFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** The creator's open challenge links, under their pending bets; hidden while there are none. */
export function OpenChallenges() {
  const timeZone = useRenderTimeZone();
  const headingId = useId();
  const challenges = useMyChallenges();
  const [shown, setShown] = useState<MyChallenge | null>(null);
  // Cancelling cannot be undone (the link dies for everyone), so it is confirmed first.
  const [toCancel, setToCancel] = useState<MyChallenge | null>(null);
  const cancel = useCancelChallenge({
    onSuccess: () => toast.success('Challenge cancelled'),
    onError: (error) => toastBetError(error, { title: 'Error cancelling challenge' }),
  });

  const items = challenges.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        Open Challenges
        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground tabular-nums">
          {items.length}
        </span>
      </h2>
      <ul className="grid gap-3">
        {items.map((challenge) => (
          <li key={challenge.code} className="grid gap-3 rounded-xl border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium break-words">{challenge.description}</p>
              <span className="shrink-0 font-semibold text-primary">{formatDollars(challenge.amount)}</span>
            </div>
            <p className="text-xs text-muted-foreground">
              Open to anyone with the link until {formatExpiry(challenge.expiresAt, timeZone)}
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setShown(challenge)}>
                <Link2 aria-hidden />
                Show Link
              </Button>
              <Button size="sm" variant="outline" onClick={() => setToCancel(challenge)}>
                Cancel Challenge
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LazyOverlay open={shown !== null}>
        <LazyChallengeLinkDialog challenge={shown} onClose={() => setShown(null)} />
      </LazyOverlay>
      <LazyOverlay open={toCancel !== null}>
        <LazyConfirmDialog
          open={toCancel !== null}
          onOpenChange={(open) => {
            if (!open) setToCancel(null);
          }}
          title="Cancel this challenge?"
          description="Nobody will be able to take it through its link any more. This cannot be undone."
          confirmLabel="Cancel Challenge"
          cancelLabel="Keep Challenge"
          isBusy={cancel.isPending}
          onConfirm={() => {
            if (toCancel) cancel.mutate(toCancel.code, { onSettled: () => setToCancel(null) });
          }}
        />
      </LazyOverlay>
    </section>
  );
}
