import { CircleDollarSign, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { ProfileScreen } from '../../../../domain/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProfileFriendsCard } from './profile-friends-card.tsx';
import { ProfileStats } from './profile-stats.tsx';
import { ProfileSummary } from './profile-summary.tsx';

type ProfileViewProps = {
  screen: ProfileScreen;
  /** Where 'Place New Bet' and the empty state's button go. */
  placeBetPath: string;
  onSelectUser: (userId: string) => void;
  onManageFriends: () => void;
};

export function ProfileView({ screen, placeBetPath, onSelectUser, onManageFriends }: ProfileViewProps) {
  const hasFriends = screen.friends.total > 0;
  return (
    <div className="grid gap-4">
      <ProfileSummary profile={screen.profile} />
      <ProfileStats stats={screen.stats} />
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
      <ProfileFriendsCard
        friends={screen.friends.items}
        total={screen.friends.total}
        pendingRequestCount={screen.pendingRequestCount}
        onSelectUser={onSelectUser}
        onManageFriends={onManageFriends}
      />
      {/* The Pending, Active and Past Bets sections replace this when bets exist (the bets issue). */}
      <EmptyState
        icon={Trophy}
        title="No bets yet"
        description="Place your first bet to get started!"
        className="rounded-xl border bg-card"
        action={
          <Button asChild variant="outline" className="mt-2">
            <Link to={placeBetPath}>Place a Bet</Link>
          </Button>
        }
      />
    </div>
  );
}
