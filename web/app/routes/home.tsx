import { Link } from 'react-router';
import { PageLayout } from '../../components/layouts/page-layout.tsx';
import { FriendPicker } from '../../features/bets/components/friend-picker.tsx';
import { usePreselectedFriend } from '../../features/bets/hooks/use-preselected-friend.ts';
import { useFriends } from '../../features/friends/api/get-friends.ts';

export function Component() {
  const friends = useFriends();
  const [friendId, setFriendId] = usePreselectedFriend();
  // A failed list reads as empty (list failures are only logged, spec section 8) instead of loading forever.
  const friendList = friends.data?.items ?? (friends.isError ? [] : undefined);
  const hasNoFriends = friendList?.length === 0;

  return (
    <PageLayout title="Place a Bet">
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">Challenge a friend to a friendly wager.</p>
        <FriendPicker friends={friendList} value={friendId} onChange={setFriendId} />
        {hasNoFriends ? (
          <p className="text-sm text-muted-foreground">
            You have no friends here yet.{' '}
            <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
              Find friends on your profile
            </Link>
            .
          </p>
        ) : null}
      </div>
    </PageLayout>
  );
}
