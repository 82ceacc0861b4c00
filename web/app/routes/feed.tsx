import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '#web/lib/router/router.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PLACE_BET_PATH, placeBetState } from '#web/features/bets/utils/place-bet-navigation.ts';
import { getFeedQueryOptions } from '#web/features/feed/api/get-feed.ts';
import { FeedList } from '#web/features/feed/components/feed-list.tsx';
import { countNewFeedComment } from '#web/features/feed/utils/feed-cache.ts';
import { WeeklyLeadersCard } from '#web/features/leaderboard/components/weekly-leaders-card.tsx';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { lazyComponent, usePreloadOnIntent } from '#web/lib/lazy-component.ts';

// Radix Dialog and both dialogs' contents load after the feed works (ADR 037: /feed ≤ 150 KiB); they are
// fetched at the user's first pointer or key event, so a tap on a name or a comment count opens them at once.
const CommentsDialog = lazyComponent(
  async () => (await import('#web/features/comments/components/comments-dialog.tsx')).CommentsDialog,
);
const UserProfileDialog = lazyComponent(
  async () => (await import('../composed/user-profile-dialog.tsx')).UserProfileDialog,
);

type FeedTab = 'feed' | 'leaderboard';

// In the URL so a reload (or a shared link) lands on the same tab.
const TAB_PARAM = 'tab';

function readTab(params: URLSearchParams): FeedTab {
  return params.get(TAB_PARAM) === 'leaderboard' ? 'leaderboard' : 'feed';
}

/** The first page of the feed: the server renders the screen with it (ADR 067). */
export const firstReads = (client: QueryClient) => [client.infiniteQuery(getFeedQueryOptions())];

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const [commentsBetId, setCommentsBetId] = useState<string | null>(null);
  // A pot's feed card opens the pot's comments (ADR 060).
  const [commentsSubject, setCommentsSubject] = useState<'bet' | 'pot'>('bet');
  const tab = readTab(searchParams);
  usePreloadOnIntent(CommentsDialog, UserProfileDialog);

  const selectTab = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'leaderboard') next.set(TAB_PARAM, value);
    else next.delete(TAB_PARAM);
    // Replace: switching tabs shouldn't fill the back button's history.
    setSearchParams(next, { replace: true });
  };

  const placeBetWith = (friendId: string) => {
    setSelectedUserId(null);
    navigate(PLACE_BET_PATH, { state: placeBetState(friendId) });
  };

  return (
    <PageLayout title="Feed" actions={<ActivityBell />}>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList>
          <TabsTrigger value="feed">Feed</TabsTrigger>
          <TabsTrigger value="leaderboard">Leaderboard</TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <FeedList
            onOpenUser={setSelectedUserId}
            onOpenComments={(id, subject = 'bet') => {
              setCommentsSubject(subject);
              setCommentsBetId(id);
            }}
            emptyAction={
              <Button asChild className="mt-2">
                <Link to={PLACE_BET_PATH}>Place a Bet</Link>
              </Button>
            }
          />
        </TabsContent>
        <TabsContent value="leaderboard">
          <WeeklyLeadersCard onOpenUser={setSelectedUserId} />
        </TabsContent>
      </Tabs>
      <LazyOverlay open={commentsBetId !== null}>
        <CommentsDialog
          betId={commentsBetId}
          subject={commentsSubject}
          open={commentsBetId !== null}
          onOpenChange={(open) => {
            if (!open) setCommentsBetId(null);
          }}
          onCommentAdded={(betId) => countNewFeedComment(queryClient, betId)}
        />
      </LazyOverlay>
      <LazyOverlay open={selectedUserId !== null}>
        <UserProfileDialog
          userId={selectedUserId}
          onClose={() => setSelectedUserId(null)}
          onSelectUser={setSelectedUserId}
          onPlaceBet={placeBetWith}
        />
      </LazyOverlay>
    </PageLayout>
  );
}
