import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { BalancesCard } from '../../features/balances/components/balances-card.tsx';
import { ProfileBets } from '../../features/bets/components/profile-bets.tsx';
import { PLACE_BET_PATH, placeBetState } from '../../features/bets/utils/place-bet-navigation.ts';
import { CommentsDialog } from '../../features/comments/components/comments-dialog.tsx';
import { FriendsDialog } from '../../features/friends/components/friends-dialog.tsx';
import { InviteDialog } from '../../features/invites/components/invite-dialog.tsx';
import { UserProfileDialog } from '../../features/friends/components/user-profile-dialog.tsx';
import { useProfile } from '../../features/profile/api/get-profile.ts';
import { EditProfileDialog } from '../../features/profile/components/edit-profile-dialog.tsx';
import { ProfileLoadError } from '../../features/profile/components/profile-load-error.tsx';
import { ProfileSkeleton } from '../../features/profile/components/profile-skeleton.tsx';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';
import { SettingsMenu } from '../../features/profile/components/settings-menu.tsx';
import { AuthError } from '../../lib/auth-error.ts';
import { ActivityBell } from '../../features/notifications/components/activity-bell.tsx';

export function Component() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isFriendsOpen, setIsFriendsOpen] = useState(false);
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const [commentsBetId, setCommentsBetId] = useState<string | null>(null);
  const [isInviteOpen, setIsInviteOpen] = useState(false);

  const signOut = useSignOut({
    onSuccess: () => {
      toast.success('Logged out');
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast.error('Logout failed', {
        description: error instanceof AuthError && error.message ? error.message : 'Please try again.',
      });
    },
  });

  const placeBetWith = (friendId: string) => {
    setSelectedUserId(null);
    setIsFriendsOpen(false);
    void navigate(PLACE_BET_PATH, { state: placeBetState(friendId) });
  };

  const screen = profile.data;
  return (
    <PageLayout
      title="Profile"
      actions={
        <div className="flex items-center gap-1">
          <ActivityBell />
          <SettingsMenu
            onEditProfile={() => setIsEditOpen(true)}
            canEditProfile={screen !== undefined}
            onLogout={() => signOut.mutate()}
            isLoggingOut={signOut.isPending}
          />
        </div>
      }
    >
      {screen ? (
        <>
          <ProfileView
            screen={screen}
            placeBetPath={PLACE_BET_PATH}
            onSelectUser={setSelectedUserId}
            onManageFriends={() => setIsFriendsOpen(true)}
            onInviteFriends={() => setIsInviteOpen(true)}
            balances={<BalancesCard />}
            bets={
              <ProfileBets
                viewerId={screen.profile.id}
                placeBetPath={PLACE_BET_PATH}
                onOpenComments={setCommentsBetId}
              />
            }
          />
          <EditProfileDialog open={isEditOpen} onOpenChange={setIsEditOpen} profile={screen.profile} />
          <FriendsDialog
            open={isFriendsOpen}
            onOpenChange={setIsFriendsOpen}
            onSelectUser={setSelectedUserId}
            onPlaceBet={placeBetWith}
            knownCounts={{ friends: screen.friends.total, requests: screen.pendingRequestCount }}
          />
        </>
      ) : profile.isError ? (
        <ProfileLoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />
      ) : (
        <ProfileSkeleton />
      )}
      <InviteDialog open={isInviteOpen} onOpenChange={setIsInviteOpen} />
      <CommentsDialog
        betId={commentsBetId}
        open={commentsBetId !== null}
        onOpenChange={(open) => {
          if (!open) setCommentsBetId(null);
        }}
      />
      <UserProfileDialog
        userId={selectedUserId}
        onClose={() => setSelectedUserId(null)}
        onSelectUser={setSelectedUserId}
        onPlaceBet={placeBetWith}
      />
    </PageLayout>
  );
}
