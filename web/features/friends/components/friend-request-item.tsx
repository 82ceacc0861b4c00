import type { FriendRequest } from '#domain/friends.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAnswerFriendRequest } from '../hooks/use-answer-friend-request.ts';
import { UserRow } from './user-row.tsx';

type FriendRequestItemProps = { request: FriendRequest; onSelectUser: (userId: string) => void };

/** A friend request in 'Waiting on You', answered with 'Accept' / 'Decline' in place. */
export function FriendRequestItem({ request, onSelectUser }: FriendRequestItemProps) {
  const now = useRenderNow();
  const { accept, decline, isPending } = useAnswerFriendRequest();
  return (
    <UserRow
      user={request.requester}
      onSelect={onSelectUser}
      meta={relativeTime(request.createdAt, now)}
      actions={
        <>
          <Button size="sm" disabled={isPending} onClick={() => accept.mutate(request.id)}>
            Accept
          </Button>
          <Button size="sm" variant="outline" disabled={isPending} onClick={() => decline.mutate(request.id)}>
            Decline
          </Button>
        </>
      }
    />
  );
}
