import { Users } from 'lucide-react';
import { Link } from '#web/lib/router/router.tsx';

/**
 * Above the friend picker of a user who has no friends yet: the Place Bet form
 * stays the one the spec shows, with 'Place Bet' off.
 */
export function NoFriendsHint({ friendsPath }: { friendsPath: string }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/50 px-3 py-2.5 text-sm"
    >
      <Users className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">Add a friend to start betting.</span> Bets are between
        friends: find yours with{' '}
        <Link to={friendsPath} className="font-medium text-primary underline-offset-4 hover:underline">
          Manage Friends
        </Link>{' '}
        on your profile, or use Challenge by Link.
      </p>
    </div>
  );
}
