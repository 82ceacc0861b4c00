import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';

/**
 * 'You are offline' above every screen while the browser has no network
 *: screens keep what they loaded, and actions fail at once
 * with the offline message (web/lib/api-client.ts).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-sm font-medium text-background"
    >
      <WifiOff className="size-4" aria-hidden />
      You are offline
    </div>
  );
}
