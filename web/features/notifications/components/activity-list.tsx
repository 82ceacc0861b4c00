import { BellOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActivity } from '../api/get-activity.ts';
import { useMarkActivityRead } from '../api/mark-activity-read.ts';
import { ActivityRow } from './activity-row.tsx';

type ActivityListProps = { viewerId: string; onOpenUser: (userId: string) => void };

/**
 * The inbox's lines, newest first, a page at a time. What it shows is marked
 * read on the server at once; lines that were unread keep their mark for this visit.
 */
export function ActivityList({ viewerId, onOpenUser }: ActivityListProps) {
  const activity = useActivity();
  const { fetchNextPage } = activity;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { mutate: markRead } = useMarkActivityRead();
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const [unreadSeen, setUnreadSeen] = useState<ReadonlySet<string>>(() => new Set());

  const newlyUnread = items.filter((item) => !item.isRead && !unreadSeen.has(item.id));
  if (newlyUnread.length > 0) setUnreadSeen(new Set([...unreadSeen, ...newlyUnread.map((item) => item.id)]));

  const newest = items[0];
  const hasUnread = items.some((item) => !item.isRead);
  const newestCreatedAt = newest?.createdAt;
  const newestId = newest?.id;
  useEffect(() => {
    if (newestCreatedAt && newestId && hasUnread)
      markRead({ through: { createdAt: newestCreatedAt, id: newestId } });
  }, [newestCreatedAt, newestId, hasUnread, markRead]);

  if (!activity.data) {
    return activity.isError ? (
      <p className="py-10 text-center text-sm text-muted-foreground">Failed to load activity.</p>
    ) : (
      <div className="flex justify-center py-10">
        <Spinner label="Loading activity" />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={BellOff}
        title="No activity yet"
        description="Bets, payments and friend requests will show up here."
      />
    );
  }
  return (
    <div className="grid gap-2">
      <ul aria-label="Activity" className="-mx-2 grid">
        {items.map((item) => (
          <li key={item.id}>
            <ActivityRow
              item={item}
              viewerId={viewerId}
              isUnread={unreadSeen.has(item.id)}
              onOpenUser={onOpenUser}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        loadingLabel="Loading more activity"
        hasNextPage={activity.hasNextPage}
        isFetchingNextPage={activity.isFetchingNextPage}
        hasFailed={activity.isFetchNextPageError}
        onLoadMore={loadMore}
      />
    </div>
  );
}
