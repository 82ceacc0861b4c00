import { BellOff, CheckCheck, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useActivity } from '../api/get-activity.ts';
import { useMarkAllRead } from '../api/mark-all-read.ts';
import { useMarkActivityRead } from '../api/mark-activity-read.ts';
import { ActivityRow } from './activity-row.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

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
  // Cleared once the re-read pages say every line is read, or the marks would come straight back.
  const markAll = useMarkAllRead({
    onSuccess: () => setUnreadSeen(new Set()),
    onError: (error) => toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') }),
  });

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
      <LoadError query={activity} message="Failed to load activity." layout="plain" className="py-10" />
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
      {unreadSeen.size > 0 ? (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            disabled={markAll.isPending}
            aria-busy={markAll.isPending || undefined}
            onClick={() => markAll.mutate()}
          >
            {markAll.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <CheckCheck aria-hidden />
            )}
            Mark All Read
          </Button>
        </div>
      ) : null}
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
