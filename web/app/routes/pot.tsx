import { useNavigate, useParams } from '#web/lib/router/router.tsx';
import { NotFound } from '#web/components/errors/not-found.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { ProofPhotos } from '#web/components/proof-photos.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuthSession } from '#web/features/auth/hooks/use-auth-session.ts';
import { useAllFriends } from '#web/features/friends/api/get-friends.ts';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { usePot } from '#web/features/pots/api/pots.ts';
import { PotCard } from '#web/features/pots/components/pot-card.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';

/** /pots/:id: the pot, its outcomes and entrants, and everything the viewer may do with it now. */
export function Component() {
  const { id } = useParams<'/pots/:id'>();
  const { user } = useAuthSession();
  const navigate = useNavigate();
  const pot = usePot(id);
  const viewerId = user?.id ?? '';
  // The creator's friends, only while they may pick another referee.
  const mayPickReferee =
    pot.data !== undefined &&
    pot.data.creator.id === viewerId &&
    pot.data.decider === 'referee' &&
    !pot.data.refereeAccepted;
  // The decider may 'Add Proof' before (or after) 'Declare Result' (ADR 061).
  const mayAddProof =
    pot.data !== undefined &&
    pot.data.status !== 'cancelled' &&
    ((pot.data.decider === 'me' && pot.data.creator.id === viewerId) ||
      (pot.data.decider === 'referee' && pot.data.referee?.id === viewerId && pot.data.refereeAccepted));
  const friends = useAllFriends({ enabled: mayPickReferee }).data?.items ?? [];
  const isGone = pot.error instanceof ApiError && (pot.error.status === 404 || pot.error.status === 422);
  // Never visible (a stranger, an unknown id): the app's 404, the same for both.
  if (isGone && !pot.data) return <NotFound />;
  return (
    <PageLayout title="Pot" actions={<ActivityBell />}>
      {pot.data ? (
        <div className="grid gap-6">
          <PotCard
            pot={pot.data}
            viewerId={viewerId}
            friends={friends}
            // A referee who declined no longer sees the pot: back to their inbox.
            onRefereeDeclined={() => navigate('/activity')}
          />
          <ProofPhotos subject={{ pot: id }} canAdd={mayAddProof} />
        </div>
      ) : pot.isError ? (
        <LoadError query={pot} message="Failed to load this pot. Please try again." />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading pot" />
        </div>
      )}
    </PageLayout>
  );
}
