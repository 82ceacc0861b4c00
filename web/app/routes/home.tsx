import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MyChallenge } from '../../../domain/challenges.ts';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { NoFriendsHint } from '../../features/bets/components/no-friends-hint.tsx';
import { PlaceBetForm } from '../../features/bets/components/place-bet-form.tsx';
import { usePreselectedFriend } from '../../features/bets/hooks/use-preselected-friend.ts';
import { useFriends } from '../../features/friends/api/get-friends.ts';
import { ActivityBell } from '../../features/notifications/components/activity-bell.tsx';

// Only after a link is made: the QR encoder stays out of the Place Bet screen's first download (budget).
const ChallengeLinkDialog = lazy(async () => {
  const module = await import('../../features/bets/components/challenge-link-dialog.tsx');
  return { default: module.ChallengeLinkDialog };
});

export function Component() {
  const navigate = useNavigate();
  const friends = useFriends();
  const [friendId, setFriendId] = usePreselectedFriend();
  // A failed list reads as empty in the picker (list failures are only logged, spec section 8); only a
  // list that loaded empty means "no friends yet".
  const friendList = friends.data?.items ?? (friends.isError ? [] : undefined);
  const [challenge, setChallenge] = useState<MyChallenge | null>(null);

  return (
    <PageLayout title="Place a Bet" actions={<ActivityBell />}>
      <div className="grid gap-4">
        {/* Without friends, a challenge link is still a way to bet (issue 10, section 3). */}
        {friends.data?.items.length === 0 ? <NoFriendsHint friendsPath="/profile" /> : null}
        <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
        <PlaceBetForm
          friends={friendList}
          friendId={friendId}
          onFriendChange={setFriendId}
          onPlaced={() => void navigate('/feed')}
          onChallengeCreated={setChallenge}
        />
      </div>
      {challenge ? (
        <Suspense fallback={null}>
          <ChallengeLinkDialog challenge={challenge} onClose={() => setChallenge(null)} />
        </Suspense>
      ) : null}
    </PageLayout>
  );
}
