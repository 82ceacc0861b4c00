import { CircleDollarSign, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import type { ProfileScreen } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ProfileFriendsCard } from './profile-friends-card.tsx';
import { PayerRecordLines } from '#web/components/payer-record.tsx';
import { ProfileStats } from './profile-stats.tsx';
import { ProfileSummary } from './profile-summary.tsx';

type ProfileViewProps = {
  screen: ProfileScreen;
  /** Where 'Place New Bet' and the empty state's button go. */
  placeBetPath: string;
  onSelectUser: (userId: string) => void;
  onManageFriends: () => void;
  /** Opens the 'Invite Friends' dialog (composed by the route from the invites feature). */
  onInviteFriends: () => void;
  /** The Pending, Active and Past Bets sections (or their empty state), composed by the route from the bets feature. */
  bets: ReactNode;
  /** The 'Balances' card, composed by the route from the balances feature. */
  balances: ReactNode;
  /** The 'Groups' card, composed by the route from the groups feature. */
  groups?: ReactNode;
};

export function ProfileView({
  screen,
  placeBetPath,
  onSelectUser,
  onManageFriends,
  onInviteFriends,
  bets,
  balances,
  groups,
}: ProfileViewProps) {
  const hasFriends = screen.friends.total > 0;
  return (
    <div className="grid gap-4">
      <ProfileSummary profile={screen.profile} />
      <ProfileStats stats={screen.stats} />
      <PayerRecordLines record={screen.payerRecord} />
      {hasFriends ? (
        <Button asChild size="lg" className="w-full">
          <Link to={placeBetPath}>
            <CircleDollarSign aria-hidden />
            Place New Bet
          </Link>
        </Button>
      ) : (
        <Button size="lg" className="w-full" disabled>
          Add Friends to Place Bets
        </Button>
      )}
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={onInviteFriends}>
        <UserPlus aria-hidden />
        Invite Friends
      </Button>
      {balances}
      {groups}
      <ProfileFriendsCard
        friends={screen.friends.items}
        total={screen.friends.total}
        pendingRequestCount={screen.pendingRequestCount}
        onSelectUser={onSelectUser}
        onManageFriends={onManageFriends}
      />
      {bets}
    </div>
  );
}
