import { memo, useState } from 'react';
import { useNavigate } from '#web/lib/router/router.tsx';
import { useAllFriends } from '#web/features/friends/api/get-friends.ts';
import { GroupsCard as GroupsCardOnly } from '#web/features/groups/components/groups-card.tsx';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { lazyComponent, usePreloadOnIntent } from '#web/lib/lazy-component.ts';

const NewGroupDialog = lazyComponent(
  async () => (await import('#web/features/groups/components/new-group-dialog.tsx')).NewGroupDialog,
);

/** Profile's 'Groups' card with 'New Group', whose members come from the friends feature. Memoized, as the
 * balances card is: nothing of it changes as the profile finishes hydrating (ADR 068). */
export const GroupsCard = memo(function GroupsCard() {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const friends = useAllFriends({ enabled: isOpen });
  usePreloadOnIntent(NewGroupDialog);
  return (
    <>
      <GroupsCardOnly onNewGroup={() => setIsOpen(true)} />
      <LazyOverlay open={isOpen}>
        <NewGroupDialog
          open={isOpen}
          onOpenChange={setIsOpen}
          friends={friends.data?.items}
          onCreated={(id) => navigate(`/groups/${id}`)}
        />
      </LazyOverlay>
    </>
  );
});
