import { useNavigate } from 'react-router';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { NoFriendsHint } from '../../features/bets/components/no-friends-hint.tsx';
import { PlaceBetForm } from '../../features/bets/components/place-bet-form.tsx';
import { usePreselectedFriend } from '../../features/bets/hooks/use-preselected-friend.ts';
import { useFriends } from '../../features/friends/api/get-friends.ts';
import { ActivityBell } from '../../features/notifications/components/activity-bell.tsx';

export function Component() {
  const navigate = useNavigate();
  const friends = useFriends();
  const [friendId, setFriendId] = usePreselectedFriend();
  // A failed list reads as empty in the picker (list failures are only logged, spec section 8); only a
  // list that loaded empty means "no friends yet".
  const friendList = friends.data?.items ?? (friends.isError ? [] : undefined);

  return (
    <PageLayout title="Place a Bet" actions={<ActivityBell />}>
      {friends.data?.items.length === 0 ? (
        <NoFriendsHint friendsPath="/profile" />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
          <PlaceBetForm
            friends={friendList}
            friendId={friendId}
            onFriendChange={setFriendId}
            onPlaced={() => void navigate('/feed')}
          />
        </div>
      )}
    </PageLayout>
  );
}
