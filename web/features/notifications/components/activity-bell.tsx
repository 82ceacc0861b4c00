import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { useNotificationSummary } from '../api/get-notification-summary.ts';

/**
 * The top-right 'Activity' button with the unread count. The count comes from
 * the red dot's summary, which realtime 'notifications' events keep fresh.
 */
export function ActivityBell() {
  const countId = useId();
  const unread = useNotificationSummary({ enabled: true }).data?.unreadCount ?? 0;
  return (
    <Link
      to="/activity"
      aria-label="Activity"
      aria-describedby={unread > 0 ? countId : undefined}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 ? (
        <>
          <span
            data-testid="activity-badge"
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-none font-semibold text-white tabular-nums ring-2 ring-background"
          >
            {unread > 99 ? '99+' : unread}
          </span>
          <span id={countId} className="sr-only">
            {unread} unread
          </span>
        </>
      ) : null}
    </Link>
  );
}
