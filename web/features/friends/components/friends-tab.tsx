import { LoaderCircle, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { LoadError, type FailedQuery } from '#web/components/errors/load-error.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useRemoveFriend } from '../api/remove-friend.ts';
import { UserRow } from './user-row.tsx';

type FriendsTabProps = {
  friends: UserSummary[] | undefined;
  /** The list's query, for its failure and Retry. */
  query: FailedQuery & { isError: boolean };
  /** More friends after these (the list comes 50 at a time, ADR 043). */
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onSelectUser: (userId: string) => void;
  onPlaceBet: (friendId: string) => void;
};

export function FriendsTab({
  friends,
  query,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onSelectUser,
  onPlaceBet,
}: FriendsTabProps) {
  if (!friends) {
    return query.isError ? (
      <LoadError query={query} message="Your friends couldn't be loaded." layout="plain" />
    ) : (
      <div className="flex justify-center py-6">
        <Spinner label="Loading friends" />
      </div>
    );
  }
  if (friends.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No friends yet"
        description="Search by username or phone to add your first friend."
      />
    );
  }
  return (
    <>
      <ul aria-label="Friends" className="divide-y">
        {friends.map((friend) => (
          <FriendRow key={friend.id} friend={friend} onSelectUser={onSelectUser} onPlaceBet={onPlaceBet} />
        ))}
      </ul>
      {hasMore ? (
        <Button
          variant="outline"
          className="mt-3 w-full"
          disabled={isLoadingMore}
          aria-busy={isLoadingMore || undefined}
          onClick={onLoadMore}
        >
          {isLoadingMore ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Load more
        </Button>
      ) : null}
    </>
  );
}

type FriendRowProps = {
  friend: UserSummary;
  onSelectUser: (userId: string) => void;
  onPlaceBet: (friendId: string) => void;
};

function FriendRow({ friend, onSelectUser, onPlaceBet }: FriendRowProps) {
  // Removing acts on both people and cancels pending bets (ADR 017): asked first.
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const form = `friend:${friend.id}`;
  const remove = useRemoveFriend({
    onSuccess: () => toast.success('Friend removed', { form }),
    onError: (error) =>
      toast.error('Error', { description: apiErrorMessage(error, 'Please try again.'), form }),
    onSettled: () => setIsConfirmOpen(false),
  });
  return (
    <>
      <UserRow
        user={friend}
        onSelect={onSelectUser}
        actions={
          <>
            <Button size="sm" aria-label={`Bet with ${friend.name}`} onClick={() => onPlaceBet(friend.id)}>
              Bet
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Remove ${friend.name}`}
              disabled={remove.isPending}
              aria-haspopup="dialog"
              onClick={() => setIsConfirmOpen(true)}
            >
              Remove
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title={`Remove ${friend.name}?`}
        description="You stop being friends on both sides, and your pending bets with each other are cancelled."
        confirmLabel="Remove"
        isBusy={remove.isPending}
        onConfirm={() => remove.mutate(friend.id)}
      />
    </>
  );
}
