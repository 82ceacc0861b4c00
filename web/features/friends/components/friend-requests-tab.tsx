import { Check, Inbox, LoaderCircle, X } from 'lucide-react';
import type { FriendRequest, SentFriendRequest } from '#domain/friends.ts';
import { relativeTime } from '#domain/relative-time.ts';
import { useRenderNow } from '#web/lib/render-clock.ts';
import { LoadError, type FailedQuery } from '#web/components/errors/load-error.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useCancelFriendRequest } from '../api/cancel-friend-request.ts';
import { useAnswerFriendRequest } from '../hooks/use-answer-friend-request.ts';
import { UserRow } from './user-row.tsx';

type FriendRequestsTabProps = {
  requests: FriendRequest[] | undefined;
  /** The requests I sent that wait for an answer; listed under the incoming ones. */
  sent: SentFriendRequest[] | undefined;
  /** The incoming requests' query, for its failure and Retry. */
  query: FailedQuery & { isError: boolean };
  onSelectUser: (userId: string) => void;
};

export function FriendRequestsTab({ requests, sent = [], query, onSelectUser }: FriendRequestsTabProps) {
  if (!requests) {
    return query.isError ? (
      <LoadError query={query} message="Your requests couldn't be loaded." layout="plain" />
    ) : (
      <div className="flex justify-center py-6">
        <Spinner label="Loading friend requests" />
      </div>
    );
  }
  if (requests.length === 0 && sent.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No friend requests" description="New requests will show up here." />
    );
  }
  return (
    <div className="grid gap-4">
      {requests.length > 0 ? (
        <ul aria-label="Friend requests" className="divide-y">
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} onSelectUser={onSelectUser} />
          ))}
        </ul>
      ) : null}
      {sent.length > 0 ? (
        <section aria-labelledby="sent-requests-heading" className="grid gap-1">
          <h3 id="sent-requests-heading" className="text-sm font-semibold text-muted-foreground">
            Sent
          </h3>
          <ul aria-label="Sent requests" className="divide-y">
            {sent.map((request) => (
              <SentRequestRow key={request.id} request={request} onSelectUser={onSelectUser} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function RequestRow({
  request,
  onSelectUser,
}: {
  request: FriendRequest;
  onSelectUser: (userId: string) => void;
}) {
  const now = useRenderNow();
  const { accept, decline, isPending } = useAnswerFriendRequest();
  const { name } = request.requester;
  return (
    <UserRow
      user={request.requester}
      onSelect={onSelectUser}
      meta={relativeTime(request.createdAt, now)}
      actions={
        <>
          <Button
            size="icon-sm"
            aria-label={`Accept friend request from ${name}`}
            disabled={isPending}
            aria-busy={accept.isPending || undefined}
            onClick={() => accept.mutate(request.id)}
          >
            {accept.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Check aria-hidden />}
          </Button>
          <Button
            size="icon-sm"
            variant="outline"
            aria-label={`Decline friend request from ${name}`}
            disabled={isPending}
            aria-busy={decline.isPending || undefined}
            onClick={() => decline.mutate(request.id)}
          >
            {decline.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <X aria-hidden />}
          </Button>
        </>
      }
    />
  );
}

function SentRequestRow({
  request,
  onSelectUser,
}: {
  request: SentFriendRequest;
  onSelectUser: (userId: string) => void;
}) {
  const now = useRenderNow();
  const cancel = useCancelFriendRequest({
    onSuccess: () => toast.success('Friend request cancelled'),
    onError: (error) => toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <UserRow
      user={request.requested}
      onSelect={onSelectUser}
      meta={relativeTime(request.createdAt, now)}
      actions={
        <Button
          size="sm"
          variant="outline"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          onClick={() => cancel.mutate(request.id)}
        >
          {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Cancel Request
        </Button>
      }
    />
  );
}
