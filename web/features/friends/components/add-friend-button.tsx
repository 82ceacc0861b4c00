import { Check, LoaderCircle, UserPlus } from 'lucide-react';
import type { Relationship } from '#domain/profiles.ts';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
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

/**
 * 'Add Friend', the disabled 'Friend Request Sent', or 'Accept' when they asked first. While its request
 * runs the button is disabled with a spinner (the label stays, so the row does not jump); the answer turns
 * it into 'Friend Request Sent' at once (useSendFriendRequest writes it into the cached lists).
 */
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
        aria-busy={accept.isPending || undefined}
        onClick={() => accept.mutate(requestId)}
      >
        {accept.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Check aria-hidden />}
        Accept
      </Button>
    );
  }
  return (
    <Button
      size={size}
      className={className}
      disabled={add.isPending}
      aria-busy={add.isPending || undefined}
      onClick={() => add.mutate(userId)}
    >
      {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
      Add Friend
    </Button>
  );
}
