import { LoaderCircle, UserPlus } from 'lucide-react';
import { useId } from 'react';
import type { Relationship, UserSummary } from '#domain/profiles.ts';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { useAddFriend } from '../hooks/use-add-friend.ts';

type CardFriend = UserSummary & { relationship: Relationship };

type UserCardFriendsProps = {
  friends: CardFriend[];
  total: number;
  onSelectUser: (userId: string) => void;
};

export function UserCardFriends({ friends, total, onSelectUser }: UserCardFriendsProps) {
  const headingId = useId();
  const more = total - friends.length;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Friends ({total})
      </h3>
      {friends.length === 0 ? (
        <p className="text-sm text-muted-foreground">No friends yet.</p>
      ) : (
        <ul className="grid grid-cols-4 gap-1">
          {friends.map((friend) => (
            <li key={friend.id} className="relative">
              <button
                type="button"
                onClick={() => onSelectUser(friend.id)}
                className="flex w-full flex-col items-center gap-1 rounded-md p-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <UserAvatar name={friend.name} image={friend.image} className="size-11 text-sm" />
                <span className="w-full truncate text-center text-xs">{friend.name}</span>
              </button>
              {friend.relationship === 'none' ? <AddFriendIconButton friend={friend} /> : null}
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? <p className="text-xs text-muted-foreground">+{more} more</p> : null}
    </section>
  );
}

function AddFriendIconButton({ friend }: { friend: CardFriend }) {
  const add = useAddFriend();
  return (
    <button
      type="button"
      aria-label={`Add ${friend.name} as a friend`}
      disabled={add.isPending}
      aria-busy={add.isPending || undefined}
      onClick={() => add.mutate(friend.id)}
      className="absolute top-0 right-1 flex size-6 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground outline-none hover:bg-primary-hover focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60"
    >
      {add.isPending ? (
        <LoaderCircle className="size-3 animate-spin" aria-hidden />
      ) : (
        <UserPlus className="size-3" aria-hidden />
      )}
    </button>
  );
}
