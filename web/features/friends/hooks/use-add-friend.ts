import { toast } from '#web/lib/toast.ts';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { useSendFriendRequest } from '../api/send-friend-request.ts';

/** Sends a friend request with the spec's toasts; each button owns one, so only it shows busy. */
export function useAddFriend() {
  return useSendFriendRequest({
    onSuccess: ({ status }) => {
      toast.success(status === 'accepted' ? 'Friend request accepted' : 'Friend request sent');
    },
    onError: (error) => {
      toast.error('Failed to send request', { description: apiErrorMessage(error, 'Please try again.') });
    },
  });
}
