import { CircleDollarSign } from 'lucide-react';
import { useContext } from 'react';
import type { UserCard } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { PayerRecordLines } from '#web/components/payer-record.tsx';
import { FriendBalanceSlot } from './friend-balance-slot.ts';
import { AddFriendButton } from './add-friend-button.tsx';
import { UserCardBets } from './user-card-bets.tsx';
import { UserCardFriends } from './user-card-friends.tsx';
import { UserCardStats } from './user-card-stats.tsx';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

type UserCardViewProps = {
  card: UserCard;
  onSelectUser: (userId: string) => void;
  onPlaceBet: (friendId: string) => void;
};

export function UserCardView({ card, onSelectUser, onPlaceBet }: UserCardViewProps) {
  const friendBalance = useContext(FriendBalanceSlot);
  const { user, relationship } = card;
  const canSeeMore = relationship === 'friend' || relationship === 'self';
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col items-center gap-1.5 pt-2 text-center">
        <UserAvatar name={user.name} image={user.image} className="mb-1 size-20 text-2xl" />
        <DialogTitle className="text-xl break-words">{user.name}</DialogTitle>
        <p className="text-sm text-muted-foreground">@{user.username}</p>
        <DialogDescription className="text-xs text-muted-foreground">
          Joined {joinedFormat.format(new Date(user.joinedAt))}
        </DialogDescription>
      </header>

      {canSeeMore ? null : (
        <div className="grid gap-3 rounded-lg bg-muted p-4 text-center">
          <p className="text-sm text-muted-foreground">
            Add this user as a friend to see their bets and stats.
          </p>
          <AddFriendButton
            userId={user.id}
            relationship={relationship}
            requestId={card.requestId}
            className="justify-self-center"
          />
        </div>
      )}

      {card.stats ? <UserCardStats stats={card.stats} /> : null}
      {card.payerRecord ? <PayerRecordLines record={card.payerRecord} /> : null}
      {relationship === 'friend' && friendBalance ? friendBalance(user.id) : null}

      {relationship === 'friend' ? (
        <Button size="wrap" onClick={() => onPlaceBet(user.id)}>
          <CircleDollarSign aria-hidden />
          Place Bet with {user.name}
        </Button>
      ) : null}

      {card.friends ? (
        <UserCardFriends
          friends={card.friends.items}
          total={card.friends.total}
          onSelectUser={onSelectUser}
        />
      ) : null}

      {card.recentBets ? (
        <UserCardBets userId={user.id} bets={card.recentBets.items} total={card.recentBets.total} />
      ) : null}
    </div>
  );
}
