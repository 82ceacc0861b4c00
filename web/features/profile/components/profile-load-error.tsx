import { CircleExclamationPoint } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

export function ProfileLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <CircleExclamationPoint className="size-10 text-destructive" aria-hidden />
      <p className="text-sm text-muted-foreground">Failed to load profile data.</p>
      <Button onClick={onRetry} disabled={isRetrying}>
        Retry
      </Button>
    </div>
  );
}
