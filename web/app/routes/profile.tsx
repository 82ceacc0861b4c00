import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLayout } from '#web/components/layouts/page-layout.tsx';
import { useSignOut } from '#web/features/auth/api/sign-out.ts';
import { BalancesCard } from '../composed/balances-card.tsx';
import { GroupsCard } from '../composed/groups-card.tsx';
import { BetsLoading } from '#web/features/bets/components/bets-loading.tsx';
import { PLACE_BET_PATH, placeBetState } from '#web/features/bets/utils/place-bet-navigation.ts';
import { LazyOverlay } from '#web/components/ui/lazy-overlay.tsx';
import { getMyBetsQueryOptions, useMyBets } from '#web/features/bets/api/get-my-bets.ts';
import { getProfileQueryOptions, useProfile } from '#web/features/profile/api/get-profile.ts';
import { getBalancesQueryOptions } from '#web/features/balances/api/get-balances.ts';
import { getMyGroupsQueryOptions } from '#web/features/groups/api/groups.ts';
import { getMyPotsQueryOptions } from '#web/features/pots/api/my-pots.ts';
import { getMyChallengesQueryOptions } from '#web/features/challenges/api/get-my-challenges.ts';
import { ProfileSkeleton } from '#web/features/profile/components/profile-skeleton.tsx';
import { ProfileView } from '#web/features/profile/components/profile-view.tsx';
import { SettingsMenu } from '#web/features/profile/components/settings-menu.tsx';
import { AuthError } from '#web/lib/auth-error.ts';
import { ActivityBell } from '#web/features/notifications/components/activity-bell.tsx';
import { useIsHydrating } from '#web/hooks/use-is-hydrating.ts';
import { lazyComponent, usePreloadOnIntent } from '#web/lib/lazy-component.ts';
import { useIsLoaded } from '#web/hooks/use-is-loaded.ts';

// The dialogs (Radix Dialog, the edit form with react-hook-form and zod) load after the profile works;
// they are fetched at the user's first pointer or key event, so a tap usually opens them at once.
const EditProfileDialog = lazyComponent(
  async () => (await import('#web/features/profile/components/edit-profile-dialog.tsx')).EditProfileDialog,
);
const FriendsDialog = lazyComponent(
  async () => (await import('#web/features/friends/components/friends-dialog.tsx')).FriendsDialog,
);
const InviteDialog = lazyComponent(
  async () => (await import('#web/features/invites/components/invite-dialog.tsx')).InviteDialog,
);
const CommentsDialog = lazyComponent(
  async () => (await import('#web/features/comments/components/comments-dialog.tsx')).CommentsDialog,
);
// The bet lists (cards, their actions, open challenges and pots: ~10 KiB gzip) sit last on the screen, below a
// phone's first view, and are not in the first load (issue 23). Fetched as the route mounts, while the profile's
// own data loads, so they are usually in before it is; until then their place shows 'Loading bets', as it does
// while their data loads.
const ProfileBets = lazyComponent(async () => (await import('../composed/profile-bets.tsx')).ProfileBets);
const UserProfileDialog = lazyComponent(
  async () => (await import('../composed/user-profile-dialog.tsx')).UserProfileDialog,
);

/**
 * The profile, its balances and groups, the first page of each bet list, the open pots and challenges: the
 * server renders the screen with them (ADR 067), and the lists, which the browser renders once hydrated, find
 * theirs in the page. Each read left to the browser was a request and a render in the long tasks after
 * hydration, and the balances and groups cards' places jumped as they came in (ADR 068).
 */
export const firstReads = (client: QueryClient) => [
  client.query(getProfileQueryOptions()),
  client.query(getBalancesQueryOptions()),
  client.query(getMyGroupsQueryOptions()),
  client.infiniteQuery(getMyBetsQueryOptions(client)),
  client.query(getMyPotsQueryOptions()),
  client.query(getMyChallengesQueryOptions()),
];

export function Component() {
  const navigate = useNavigate();
  const profile = useProfile();
  const isHydrating = useIsHydrating();
  // The screen the server rendered (ADR 067): its lists' data is in as they mount, and they reveal anyway.
  const [isFirstScreen] = useState(isHydrating);
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isFriendsOpen, setIsFriendsOpen] = useState(false);
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const [commentsBetId, setCommentsBetId] = useState<string | null>(null);
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const areBetsLoaded = useIsLoaded(ProfileBets);
  // The bet lists' data is preloaded with the HTML (server/lib/data-preloads.ts): read it now, with the profile's,
  // and keep it observed. Read first by the lazy lists, a change that came live in between found no query to
  // refresh, and the lists then took the preloaded, older answer as fresh ('No bets yet' beside a lit dot).
  useMyBets();
  usePreloadOnIntent(EditProfileDialog, FriendsDialog, InviteDialog, CommentsDialog, UserProfileDialog);

  const signOut = useSignOut({
    onSuccess: () => {
      toast.success('Logged out');
      navigate('/login', { replace: true });
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
    navigate(PLACE_BET_PATH, { state: placeBetState(friendId) });
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
            groups={<GroupsCard />}
            bets={
              // Not rendered by the server (ADR 067): its chunk is not in the first load, and cards drawn before
              // their code can hydrate would drop a press. 'Loading bets' until hydrated and the chunk is in
              // (ADR 068: rendered then, in a transition, without suspending).
              isHydrating || !areBetsLoaded ? (
                <BetsLoading />
              ) : (
                // Suspends only when the chunk failed to load: rendered, it tries again.
                <Suspense fallback={<BetsLoading />}>
                  <ProfileBets
                    isFirstScreen={isFirstScreen}
                    viewerId={screen.profile.id}
                    placeBetPath={PLACE_BET_PATH}
                    onOpenComments={setCommentsBetId}
                  />
                </Suspense>
              )
            }
          />
          <LazyOverlay open={isEditOpen}>
            <EditProfileDialog open={isEditOpen} onOpenChange={setIsEditOpen} profile={screen.profile} />
          </LazyOverlay>
          <LazyOverlay open={isFriendsOpen}>
            <FriendsDialog
              open={isFriendsOpen}
              onOpenChange={setIsFriendsOpen}
              onSelectUser={setSelectedUserId}
              onPlaceBet={placeBetWith}
              knownCounts={{ friends: screen.friends.total, requests: screen.pendingRequestCount }}
            />
          </LazyOverlay>
        </>
      ) : profile.isError ? (
        <LoadError query={profile} message="Failed to load profile data." layout="screen" />
      ) : (
        <ProfileSkeleton />
      )}
      <LazyOverlay open={isInviteOpen}>
        <InviteDialog open={isInviteOpen} onOpenChange={setIsInviteOpen} />
      </LazyOverlay>
      <LazyOverlay open={commentsBetId !== null}>
        <CommentsDialog
          betId={commentsBetId}
          open={commentsBetId !== null}
          onOpenChange={(open) => {
            if (!open) setCommentsBetId(null);
          }}
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
