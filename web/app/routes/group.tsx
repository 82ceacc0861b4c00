import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from '#web/lib/router/router.tsx';
import { NotFound } from '#web/components/errors/not-found.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useAllFriends } from '#web/features/friends/api/get-friends.ts';
import { useGroup } from '#web/features/groups/api/groups.ts';
import { GroupHeader } from '#web/features/groups/components/group-header.tsx';
import { GroupTabs } from '#web/features/groups/components/group-tabs.tsx';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { ApiError } from '#web/lib/api-error.ts';

// Only after 'Start a Pot': the pot form stays out of the group page's first download.
const CreatePotForm = lazy(async () => {
  const module = await import('#web/features/pots/components/create-pot-form.tsx');
  return { default: module.CreatePotForm };
});

/** /groups/:id, members only: the header, then the Pots, Leaderboard and Balances tabs. */
export function Component() {
  const { id } = useParams<'/groups/:id'>();
  const { user } = useAuthSession();
  const navigate = useNavigate();
  const group = useGroup(id);
  // The referee picker offers friends (a referee need not be a member).
  const friends = useAllFriends();
  const viewerId = user?.id ?? '';
  const isGone = group.error instanceof ApiError && (group.error.status === 404 || group.error.status === 422);
  // Not a member, or an unknown id: the app's 404, the same for both. A member removed while the page is open
  // gets it too, when the live 'groups' hint refetches the page (ADR 065).
  if (isGone) return <NotFound />;
  return (
    <PageLayout title="Group" actions={<ActivityBell />}>
      {group.data ? (
        <div className="grid gap-4">
          <GroupHeader group={group.data} viewerId={viewerId} onLeft={() => navigate('/profile')} />
          <GroupTabs
            groupId={group.data.id}
            viewerId={viewerId}
            renderStartPot={() => (
              <Suspense fallback={<Spinner label="Loading" />}>
                <CreatePotForm
                  friends={friends.data?.items}
                  group={{
                    id: group.data.id,
                    name: group.data.name,
                    memberIds: group.data.members.map((m) => m.id).filter((memberId) => memberId !== viewerId),
                  }}
                  onCreated={(pot) => navigate(`/pots/${pot.id}`)}
                />
              </Suspense>
            )}
          />
        </div>
      ) : group.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-8 text-center">
          <p className="text-sm text-muted-foreground">Failed to load this group. Please try again.</p>
          <Button variant="outline" disabled={group.isFetching} onClick={() => void group.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading group" />
        </div>
      )}
    </PageLayout>
  );
}
