import { WifiOff } from 'lucide-react';
import { OFFLINE_MESSAGE } from '#web/lib/api-error.ts';
import { EmptyState } from './empty-state.tsx';

/** In place of a screen that cannot load without a network (a spinner would turn forever). */
export function OfflineNotice() {
  return (
    <EmptyState
      icon={WifiOff}
      title="Offline"
      description={OFFLINE_MESSAGE}
      className="min-h-[60dvh] justify-center py-10"
    />
  );
}
