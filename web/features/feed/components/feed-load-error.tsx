import { RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { OFFLINE_MESSAGE } from '#web/lib/api-error.ts';

type FeedLoadErrorProps = {
  /** Failed because the browser is offline: say so rather than 'Please try again.' */
  offline: boolean;
  onRetry: () => void;
  isRetrying: boolean;
};

/** Stays after the 'Error loading bets' toast is gone, so there is always a way to try again. */
export function FeedLoadError({ offline, onRetry, isRetrying }: FeedLoadErrorProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-10 text-center">
      <p className="font-semibold">Error loading bets</p>
      <p className="text-sm text-muted-foreground">
        {offline ? OFFLINE_MESSAGE : 'Failed to load bets. Please try again.'}
      </p>
      <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
        <RotateCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden />
        Retry
      </Button>
    </div>
  );
}
