import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '#web/hooks/use-online-status.ts';

/**
 * 'You are offline' above every screen while the browser has no network
 * (ADR 021): screens keep what they loaded (after a reload, the saved copy: ADR 053),
 * read-only: signed-in screens disable their actions, and a call still made fails at once with the
 * offline message (web/lib/api-client.ts).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-sm font-medium text-background"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <p>
        You are offline
        <span className="font-normal opacity-80">. Showing what you last saw; actions are off until you reconnect.</span>
      </p>
    </div>
  );
}
