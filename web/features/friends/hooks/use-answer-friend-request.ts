import { toast } from '#web/lib/toast.ts';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useAcceptFriendRequest } from '../api/accept-friend-request.ts';
import { useDeclineFriendRequest } from '../api/decline-friend-request.ts';

const onError = (error: Error) => {
  toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') });
};

/** Accept and decline with the spec's toasts, for one request's buttons. */
export function useAnswerFriendRequest() {
  const accept = useAcceptFriendRequest({
    onSuccess: () => toast.success('Friend request accepted'),
    onError,
  });
  const decline = useDeclineFriendRequest({
    onSuccess: () => toast.success('Friend request declined'),
    onError,
  });
  return { accept, decline, isPending: accept.isPending || decline.isPending };
}
