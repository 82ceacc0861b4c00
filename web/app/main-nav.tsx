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
    // Nothing unread: skip the request (the dot may still show for a bet waiting on me, which reading can't clear).
    if (user === null || summary?.unreadCount === 0) return;
    markAllRead();
  };

  return <BottomNav profileNeedsAttention={needsAttention} onProfileClick={onProfileClick} />;
}
