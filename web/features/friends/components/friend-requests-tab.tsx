import { Check, Inbox, X } from 'lucide-react';
import type { FriendRequest } from '../../../../domain/friends.ts';
import { relativeTime } from '../../../../domain/relative-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAnswerFriendRequest } from '../hooks/use-answer-friend-request.ts';
import { UserRow } from './user-row.tsx';

type FriendRequestsTabProps = {
  requests: FriendRequest[] | undefined;
  isError: boolean;
  onSelectUser: (userId: string) => void;
};

export function FriendRequestsTab({ requests, isError, onSelectUser }: FriendRequestsTabProps) {
  if (!requests) {
    return isError ? (
      <p className="py-6 text-center text-sm text-muted-foreground">Your requests couldn't be loaded.</p>
    ) : (
      <div className="flex justify-center py-6">
        <Spinner label="Loading friend requests" />
      </div>
    );
  }
  if (requests.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No friend requests" description="New requests will show up here." />
    );
  }
  return (
    <ul aria-label="Friend requests" className="divide-y">
      {requests.map((request) => (
        <RequestRow key={request.id} request={request} onSelectUser={onSelectUser} />
      ))}
    </ul>
  );
}

function RequestRow({
  request,
  onSelectUser,
}: {
  request: FriendRequest;
  onSelectUser: (userId: string) => void;
}) {
  const { accept, decline, isPending } = useAnswerFriendRequest();
  const { name } = request.requester;
  return (
    <UserRow
      user={request.requester}
      onSelect={onSelectUser}
      meta={relativeTime(request.createdAt)}
      actions={
        <>
          <Button
            size="icon"
            className="size-9"
            aria-label={`Accept friend request from ${name}`}
            disabled={isPending}
            onClick={() => accept.mutate(request.id)}
          >
            <Check aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="outline"
            className="size-9"
            aria-label={`Decline friend request from ${name}`}
            disabled={isPending}
            onClick={() => decline.mutate(request.id)}
          >
            <X aria-hidden />
          </Button>
        </>
      }
    />
  );
}
