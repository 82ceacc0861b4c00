import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** Instead of a form that can't be sent: bets are only between friends. */
export function NoFriendsHint({ friendsPath }: { friendsPath: string }) {
  return (
    <EmptyState
      icon={Users}
      title="Add a friend to start betting"
      description="Bets are between friends. Find yours with Manage Friends on your profile."
      className="rounded-xl border bg-card"
      action={
        <Button asChild variant="outline" className="mt-2">
          <Link to={friendsPath}>Manage Friends</Link>
        </Button>
      }
    />
  );
}
