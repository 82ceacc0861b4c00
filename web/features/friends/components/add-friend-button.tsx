import { Check, UserPlus } from 'lucide-react';
import type { Relationship } from '../../../../domain/profiles.ts';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { useAnswerFriendRequest } from '../hooks/use-answer-friend-request.ts';
import { useAddFriend } from '../hooks/use-add-friend.ts';

type AddFriendButtonProps = {
  userId: string;
  relationship: Relationship;
  /** The pending request between us, needed to accept one they sent. */
  requestId?: string | null;
  size?: ButtonProps['size'];
  className?: string;
};

/** 'Add Friend', the disabled 'Friend Request Sent', or 'Accept' when they asked first. */
export function AddFriendButton({
  userId,
  relationship,
  requestId = null,
  size,
  className,
}: AddFriendButtonProps) {
  const add = useAddFriend();
  const { accept } = useAnswerFriendRequest();

  if (relationship === 'request_sent') {
    return (
      <Button size={size} variant="secondary" className={className} disabled>
        Friend Request Sent
      </Button>
    );
  }
  if (relationship === 'request_received' && requestId) {
    return (
      <Button
        size={size}
        className={className}
        disabled={accept.isPending}
        onClick={() => accept.mutate(requestId)}
      >
        <Check aria-hidden />
        Accept
      </Button>
    );
  }
  return (
    <Button size={size} className={className} disabled={add.isPending} onClick={() => add.mutate(userId)}>
      <UserPlus aria-hidden />
      Add Friend
    </Button>
  );
}
