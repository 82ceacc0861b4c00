import { BottomNav } from '../components/layouts/bottom-nav.tsx';
import { useAuthSession } from '../features/auth/hooks/use-auth-session.ts';
import { useMarkAllNotificationsRead } from '../features/notifications/api/mark-all-notifications-read.ts';
import { useNotificationSummary } from '../features/notifications/api/get-notification-summary.ts';

/** The bottom navigation with the Profile tab's red dot, for the signed-in user. */
export function MainNav() {
  const { user } = useAuthSession();
  const summary = useNotificationSummary({ enabled: user !== null }).data;
  const markAllRead = useMarkAllNotificationsRead();
  const needsAttention =
    user !== null && summary !== undefined && (summary.unreadCount > 0 || summary.hasPendingAction);

  const onProfileClick = () => {
    // Always asked of the server, never skipped on the cached count: that count may be stale (a line that
    // arrived while the stream was down), and the spec has every click read every unread line.
    if (user !== null) markAllRead();
  };

  return <BottomNav profileNeedsAttention={needsAttention} onProfileClick={onProfileClick} />;
}
